"""A mask of the wrong shape is numpy's IndexError, naming the axis and both sizes, for
reads and writes; a lone mask takes a 0-d or 1-d value of 1 or count elements (numpy's
TypeError and ValueError otherwise); combined indices give numpy's shape mismatch."""
import numpy as np


def read(x: np.ndarray, m: np.ndarray):
    return x[m]


def read_after_int(x: np.ndarray, m: np.ndarray):
    return x[0, m]


def write_scalar(x: np.ndarray, m: np.ndarray):
    x[m] = 1
    return x


def write_values(x: np.ndarray, m: np.ndarray, v: np.ndarray):
    x[m] = v
    return x


def write_column(x: np.ndarray, m: np.ndarray, v: np.ndarray):
    x[m, 0] = v
    return x


# run: read(np.arange(3.0), np.array([True, False]))
# run: read(np.arange(6.0).reshape(3, 2), np.ones((3, 3), dtype=np.bool_))
# run: read(np.arange(6.0).reshape(3, 2), np.ones((2, 2), dtype=np.bool_))
# run: read_after_int(np.zeros((2, 3, 4)), np.array([True, False]))
# run: write_scalar(np.arange(5.0), np.array([True, False]))
# run: write_values(np.arange(5.0), np.arange(5.0) > 1, np.ones(2))
# run: write_values(np.arange(5.0), np.arange(5.0) > 1, np.ones(3))
# run: write_values(np.arange(5.0), np.arange(5.0) > 1, np.ones(1))
# run: write_values(np.arange(5.0), np.arange(5.0) > 1, np.ones((1, 3)))
# run: write_values(np.zeros((3, 2)), np.array([True, False, True]), np.ones(3))
# run: write_values(np.zeros((3, 2)), np.array([True, False, True]), np.ones((1, 2, 2)))
# run: write_values(np.zeros((3, 2)), np.array([True, False, True]), np.ones((2, 1, 2)))
# run: write_values(np.zeros((3, 2)), np.array([True, False, True]), np.arange(2.0))
# run: write_column(np.zeros((3, 2)), np.array([True, True, False]), np.ones((2, 2)))
# run: write_column(np.zeros((3, 2)), np.array([True, True, False]), np.array([5.0, 6.0]))
