"""Mask writes whose values broadcast: a row of values into the selected rows, a column
into a mask of rows, the int32 and bool targets casting what is written."""
import numpy as np


def rows(x: np.ndarray, m: np.ndarray, row: np.ndarray):
    x[m] = row
    return x


def rows_column(x: np.ndarray, m: np.ndarray, col: np.ndarray):
    x[m] = col
    return x


def flags(b: np.ndarray, m: np.ndarray):
    b[m] = 1.5
    return b


# run: rows(np.zeros((3, 2)), np.array([True, False, True]), np.array([1.0, 2.0]))
# run: rows(np.zeros((3, 2), dtype=np.int32), np.array([True, True, True]), np.array([1.9, -2.9]))
# run: rows_column(np.zeros((3, 2)), np.array([True, False, True]), np.array([[1.0], [2.0]]))
# run: rows_column(np.zeros((3, 2)), np.array([True, False, True]), np.array([[1.0], [2.0], [3.0]]))
# run: flags(np.zeros(3, dtype=np.bool_), np.array([False, True, False]))
