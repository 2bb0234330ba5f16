"""numpy's errors of integer-array indexing: out of bounds on any axis (the axis of x
named), negative past the start, index arrays that do not broadcast, on reads and writes."""
import numpy as np


def read(x: np.ndarray, idx: np.ndarray):
    return x[idx]


def read_inner(x: np.ndarray, idx: np.ndarray):
    return x[1:, idx]


def read_pairs(x: np.ndarray, r: np.ndarray, c: np.ndarray):
    return x[r, c]


def write_pairs(x: np.ndarray, r: np.ndarray, c: np.ndarray):
    x[r, c] = 1.0
    return x


# run: read(np.arange(3.0), np.array([3]))
# run: read(np.arange(3.0), np.array([0, -4]))
# run: read(np.zeros(0), np.array([0]))
# run: read(np.zeros(0), np.array([], dtype=np.int64))
# run: read_inner(np.zeros((3, 2)), np.array([1, 2]))
# run: read_pairs(np.zeros((3, 3)), np.array([0, 1]), np.array([0, 1, 2]))
# run: read_pairs(np.zeros((3, 3)), np.array([[0], [1]]), np.array([0, 1, 2]))
# run: read_pairs(np.zeros((3, 3)), np.array([0, 5]), np.array([0, 1]))
# run: read_pairs(np.zeros((3, 3)), np.array([0, 1]), np.array([0, -9]))
# run: write_pairs(np.zeros((3, 3)), np.array([0, 1]), np.array([0, 1, 2]))
# run: write_pairs(np.zeros((3, 3)), np.array([0, 3]), np.array([0, 1]))
