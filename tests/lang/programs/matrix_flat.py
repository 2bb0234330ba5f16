"""Matrices stored row-major in flat lists (no list of lists)."""
from typing import List


def identity(n: int) -> List[float]:
    m = [0.0] * (n * n)
    for i in range(n):
        m[i * n + i] = 1.0
    return m


def matmul(a: List[float], b: List[float], n: int) -> List[float]:
    c = [0.0] * (n * n)
    for i in range(n):
        for j in range(n):
            s = 0.0
            for k in range(n):
                s += a[i * n + k] * b[k * n + j]
            c[i * n + j] = s
    return c


def power(n: int, e: int) -> List[float]:
    m = [0.0] * (n * n)
    for i in range(n * n):
        m[i] = (i % 5) * 0.25 - 0.5
    r = identity(n)
    for t in range(e):
        r = matmul(r, m, n)
    return r


def trace(m: List[float], n: int) -> float:
    t = 0.0
    for i in range(n):
        t += m[i * n + i]
    return t


def power_trace(n: int, e: int) -> float:
    return trace(power(n, e), n)


# run: matmul([1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], 2)
# run: power(3, 5)
# run: trace([1.0, 2.0, 3.0, 4.0], 2)
# run: power_trace(4, 3)
