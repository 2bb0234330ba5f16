"""Lower-triangular algebra: forward substitution reading np.tril's result, masked sums of
the upper part, a triangular mask's count, np.triu(k=1) of a score matrix made negative."""
import numpy as np


def forward_solve(A: np.ndarray, b: np.ndarray):
    L = np.tril(A)
    x = np.zeros(b.shape[0])
    for i in range(b.shape[0]):
        x[i] = (b[i] - (L[i, :i] * x[:i]).sum()) / L[i, i]
    return x


def upper_sum(A: np.ndarray):
    return np.triu(A, 1).sum()


def strict_upper_values(A: np.ndarray):
    n = A.shape[0]
    return A[np.triu(np.ones((n, n)), 1) == 1]


# run: forward_solve(np.array([[2.0, 9.0, 9.0], [1.0, 3.0, 9.0], [4.0, 1.0, 5.0]]), np.array([2.0, 4.0, 10.0]))
# run: upper_sum(np.arange(16.0).reshape(4, 4))
# run: strict_upper_values(np.arange(9.0).reshape(3, 3))
