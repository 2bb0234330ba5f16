"""Views whose last axis has one element and a stride other than 1 (every other column of a
two-column array, a reversed column): elementwise kernels that run the last two axes as one
row must not read such a view as if it were contiguous (found by differential fuzzing:
[[10], [11]] for [[10], [20]], and heap garbage for the reversed column)."""
import numpy as np


def every_other_column(y: np.ndarray):
    return y[:, ::2] + 0


def reversed_both(x: np.ndarray):
    return x[::-1, ::-1] + 0


def row_max_minus(x: np.ndarray):
    return x[::-1, ::-2].max(axis=-1, keepdims=True) - x[::-1, ::-2]


def two_views(x: np.ndarray):
    return x[:1, 1:, 1::2] + x[::-1, :1, :-1]


# run: every_other_column(np.array([[10, 11], [20, 21]]))
# run: every_other_column(np.arange(12.0).reshape(4, 3)[:, 1:])
# run: reversed_both(np.arange(3.0).reshape(3, 1))
# run: reversed_both(np.arange(6, dtype=np.int32).reshape(6, 1))
# run: row_max_minus(np.arange(6.0).reshape(3, 2))
# run: two_views(np.arange(12.0).reshape(2, 3, 2))
