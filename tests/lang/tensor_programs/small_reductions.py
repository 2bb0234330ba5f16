"""Full sums, minima and maxima of short 1-D elementwise chains (ir.passes.fuse_small_reductions:
scalar loops below 8 elements, the array ops otherwise): numpy's results bit for bit
(atol=0, rtol=0), signed zeros and NaN included, float32 kept float32, and numpy's errors
for empty minima and shapes that do not broadcast."""
import numpy as np


def kde(X, points):
    """Numba's kernel density estimate (examples/kernel-density-estimation, BSD-2-Clause)."""
    b = 0.5
    N = points.shape[0]
    n = X.shape[0]
    exps = 0.0
    for i in range(n):
        p = X[i]
        d = (-(p - points) ** 2) / (2 * b ** 2)
        m = np.min(d)
        exps += m - np.log(b * N) + np.log(np.sum(np.exp(d - m)))
    return exps


def logsumexp(x: np.ndarray):
    m = np.max(x * 1.0)
    return m + np.log(np.sum(np.exp(x - m)))


def sum_of(a: np.ndarray, b: np.ndarray):
    return np.sum(a * b + 0.5)


def min_max(x: np.ndarray):
    return np.min(x * 1.0), np.max(-x)


def scaled(x: np.ndarray, s: float):
    y = x * s
    return np.sum(y * y), y


# run: kde(np.linspace(-2.0, 6.0, 41), np.array([-1.0, 2.0, 5.0]))  # rtol=0  # atol=0
# run: kde(np.linspace(-2.0, 6.0, 41).astype(np.float32), np.array([-1.0, 2.0, 5.0], dtype=np.float32))  # rtol=0  # atol=0
# run: kde(np.linspace(-2.0, 6.0, 41), np.linspace(-3.0, 7.0, 12))  # rtol=0  # atol=0
# run: kde(np.linspace(-2.0, 6.0, 5), np.zeros(0))
# run: logsumexp(np.array([1000.0, -1000.0, 3.5]))  # rtol=0  # atol=0
# run: logsumexp(np.array([-np.inf, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0]))  # rtol=0  # atol=0
# run: logsumexp(np.linspace(-5.0, 5.0, 8))  # rtol=0  # atol=0
# run: logsumexp(np.array([1.0, np.nan, 2.0]))
# run: logsumexp(np.arange(5, dtype=np.float32) / 3)  # rtol=0  # atol=0
# run: logsumexp(np.zeros(0))
# run: sum_of(np.array([1e16, 1.0, 1.0]), np.array([1.0, 1.0, 1.0]))  # rtol=0  # atol=0
# run: sum_of(np.array([1.0, 1.0, 1e16]), np.array([1.0]))  # rtol=0  # atol=0
# run: sum_of(np.arange(3.0), np.arange(2.0))
# run: sum_of(np.zeros(0), np.zeros(0))  # rtol=0  # atol=0
# run: sum_of(np.arange(12.0)[::3], np.arange(4.0))  # rtol=0  # atol=0
# run: min_max(np.array([0.0, -0.0]))
# run: min_max(np.array([-0.0, 0.0, 2.0]))
# run: min_max(np.array([3.0, np.nan, -1.0]))
# run: min_max(np.zeros(0))
# run: scaled(np.array([1.0, 2.0, 3.0]), 1.5)  # rtol=0  # atol=0
