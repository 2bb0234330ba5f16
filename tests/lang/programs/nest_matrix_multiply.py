"""Matrices as lists of lists: multiply, transpose, identity."""
from typing import List


def identity(n: int) -> List[List[float]]:
    return [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]


def matmul(a: List[List[float]], b: List[List[float]]) -> List[List[float]]:
    n, m, p = len(a), len(b), len(b[0])
    c = [[0.0] * p for _ in range(n)]
    for i in range(n):
        for k in range(m):
            aik = a[i][k]
            for j in range(p):
                c[i][j] += aik * b[k][j]
    return c


def power(n: int) -> List[List[float]]:
    m = [[1.0, 1.0], [1.0, 0.0]]
    r = identity(2)
    for _ in range(n):
        r = matmul(r, m)
    return r


# run: identity(3)
# run: matmul([[1.0, 2.0], [3.0, 4.0]], [[5.0], [6.0]])
# run: power(10)
