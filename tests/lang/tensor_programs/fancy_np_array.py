"""np.array / np.asarray of (nested) lists with numpy's dtype (int64, float64, bool) or
dtype=; a ragged list is numpy's ValueError; np.asarray of an array is the array itself
(writes visible), np.array copies."""
import numpy as np
from typing import List


def matrix(n: int):
    return np.array([[1, 2, n], [3, 4, 5]])


def floats(xs: List[float]):
    return np.array(xs)


def as_f32(xs: List[float]):
    return np.array(xs, dtype=np.float32)


def ints_as_float(xs: List[int]):
    return np.asarray(xs, dtype=np.float64) / 2


def flags(xs: List[bool]):
    return np.array(xs)


def grid(n: int, ragged: bool):
    rows = [[i, i + 1] for i in range(n)]
    if ragged:
        rows.append([7])
    return np.asarray(rows)


def cube(n: int, ragged: bool):
    rows = [[[1.0 * i, 2.0], [3.0, 4.0 * i]] for i in range(n)]
    if ragged:
        rows[n - 1][1].append(5.0)
    return np.array(rows).sum(axis=2)


def alias_and_copy(x: np.ndarray):
    a = np.asarray(x)
    a[0] = 5.0
    c = np.array(x)
    c[1] = 7.0
    return c


def to_int(x: np.ndarray):
    return np.asarray(x, dtype=np.int32)


def from_list_comp(n: int):
    return np.array([i * i for i in range(n)])


def mixed_numbers(a: int, b: float):
    return np.array([a, b, 1])


# run: matrix(3)
# run: floats([1.5, -2.0, 3.25])
# run: as_f32([0.1, 0.2])
# run: ints_as_float([1, 2, 3])
# run: flags([True, False])
# run: grid(3, False)
# run: grid(2, True)
# run: grid(0, True)
# run: cube(2, False)
# run: cube(2, True)
# run: alias_and_copy(np.zeros(3))
# run: to_int(np.array([1.7, -2.2]))
# run: to_int(np.array([1, 2], dtype=np.int32))
# run: from_list_comp(5)
# run: mixed_numbers(2, 0.5)
