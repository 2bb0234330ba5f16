"""Reductions of float16: max/min/argmax exact; sum and mean accumulate in float32 and
round the result to float16 as numpy's float16 loops do (exact for these short rows);
a sum over the first axis adds in float16, rounding each step, as numpy's does."""
import numpy as np


def extremes(x: np.ndarray):
    return x.max(), x.min(), x.argmax(), x.argmin(), x.max(axis=0), x.min(axis=1)


def totals(x: np.ndarray):
    return x.sum(), x.mean(), x.sum(axis=1), x.mean(axis=1)


def column_sums(x: np.ndarray):
    return x.sum(axis=0)


# run: extremes(np.array([[0.1, -2.5, 7.0], [65504.0, -0.0, 3.3]], dtype=np.float16))
# run: totals(np.array([[0.1, 0.2, 0.3, 0.4], [1.5, 2.25, -3.0, 8.0]], dtype=np.float16))
# run: totals(np.arange(12, dtype=np.float16).reshape(3, 4) / 7)
# run: column_sums(np.array([[0.1, 0.2, 0.3], [1.5, 2.25, -3.0], [100.0, 0.7, 0.001]], dtype=np.float16))
