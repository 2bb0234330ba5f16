"""Element loops whose indices ir.passes.bound_indices proves in range (no check) or only
>= 0 (one check), next to the ones it must leave alone: every index CPython + numpy would
refuse still raises numpy's IndexError, and the proven ones give numpy's results."""
import numpy as np


def jacobi(A: np.ndarray, Anew: np.ndarray):
    # Numba's laplace2d kernel: A's reads are proven; Anew's size is unrelated to A's, so
    # its first write per element keeps a check
    error = 0.0
    n = A.shape[0]
    m = A.shape[1]
    for j in range(1, n - 1):
        for i in range(1, m - 1):
            Anew[j, i] = 0.25 * (A[j, i + 1] + A[j, i - 1] + A[j - 1, i] + A[j + 1, i])
            error = max(error, abs(Anew[j, i] - A[j, i]))
    return float(error)


def bubblesort(X: np.ndarray) -> np.ndarray:
    N = X.shape[0]
    for end in range(N, 1, -1):
        for i in range(end - 1):
            if X[i] > X[i + 1]:
                X[i], X[i + 1] = X[i + 1], X[i]
    return X


def one_past(x: np.ndarray):
    t = 0.0
    for i in range(x.shape[0]):
        t += x[i] * x[i + 1]
    return float(t)


def wraps_first(x: np.ndarray):
    # x[i - 1] at i = 0 is x[-1]: numpy's wrap, kept
    t = 0.0
    for i in range(x.shape[0]):
        t += x[i - 1] - x[i]
    return float(t)


def other_axis(A: np.ndarray):
    # bounded by axis 0's size, used on axis 1
    t = 0.0
    for i in range(A.shape[0]):
        t += A[0, i]
    return float(t)


def counts_down(x: np.ndarray, n: int):
    # n is not x's size: the counter's bound proves nothing
    t = 0.0
    for i in range(n, 0, -1):
        t = t + x[i - 1]
    return float(t)


# run: jacobi(np.arange(20.0).reshape(4, 5) ** 2, np.zeros((4, 5)))
# run: jacobi(np.arange(20.0).reshape(4, 5), np.zeros((2, 5)))
# run: jacobi(np.arange(20.0).reshape(4, 5), np.zeros((4, 3)))
# run: jacobi(np.zeros((2, 2)), np.zeros((0, 0)))
# run: bubblesort(np.array([5, -1, 4, 2, 9, 0], dtype=np.int64))
# run: bubblesort(np.zeros(0, dtype=np.int64))
# run: one_past(np.arange(4.0))
# run: one_past(np.zeros(0))
# run: wraps_first(np.arange(4.0))
# run: other_axis(np.ones((3, 3)))
# run: other_axis(np.ones((3, 2)))
# run: other_axis(np.ones((2, 3)))
# run: counts_down(np.arange(4.0), 4)
# run: counts_down(np.arange(4.0), 5)
