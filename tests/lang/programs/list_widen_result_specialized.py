"""A function's List[int] result that the caller stores floats into is built as floats by
a specialization of the function (its returned display, comprehension or local list);
the same function called where ints stay ints returns ints, as CPython's does."""
from typing import List


def zeros(n: int):
    return [0] * n


def grid(n: int):
    g = [[0] * n for _ in range(n)]
    for i in range(n):
        g[i][i] = 1
    return g


def via(n: int):
    return grid(n)


def averages(xs: List[float], k: int):
    out = zeros(len(xs) - k + 1)
    for i in range(len(out)):
        out[i] = sum(xs[i:i + k]) / k
    return out


def scaled_identity(n: int, s: float):
    m = via(n)
    for i in range(n):
        for j in range(n):
            m[i][j] *= s
    return m


def mixed(n: int):
    counts = zeros(n)          # stays ints
    for i in range(n):
        counts[i] += i
    halves = zeros(n)          # floats stored into it
    for i in range(n):
        halves[i] = i / 2
    return counts, halves, grid(2)


# run: averages([1.0, 2.0, 4.0, 8.0], 2)
# run: scaled_identity(3, 0.5)
# run: mixed(4)
