"""Floats stored into a list of ints: the list variable is a List[float] (at the depth the
store writes), built as floats where it is made — a display, a comprehension, `[x] * n`,
or a `copy.deepcopy` / `copy.copy` of an int list (Rosetta Code's Gaussian elimination:
`a = copy.deepcopy(a)`, then `a[j][k] -= t * a[i][k]`). The caller's lists stay ints."""
import copy
from copy import deepcopy
from typing import List


def eliminate(a):
    a = copy.deepcopy(a)
    n = len(a)
    for i in range(n - 1):
        for j in range(i + 1, n):
            t = a[j][i] / a[i][i]
            for k in range(i, n):
                a[j][k] -= t * a[i][k]
    # (CPython's first row keeps its ints; pts's copy holds floats throughout: compare
    # the values as floats)
    return [float(x) for row in a for x in row]


def keeps_caller(m: List[List[int]]) -> List[List[int]]:
    eliminate(m)
    return m


def halves(xs):
    ys = copy.copy(xs)
    for i in range(len(ys)):
        ys[i] /= 2
    return ys, xs


def scaled_rows(n: int):
    rows = [[i + j for j in range(n)] for i in range(n)]
    rows[0][0] = 0.5
    grid = [[1, 2], [3, 4]]
    grid[1][1] *= 1.5
    return [[float(x) for x in r] for r in rows + grid]


def cube(n: int):
    c = [[[i * j * k for k in range(2)] for j in range(2)] for i in range(n)]
    d = deepcopy(c)
    d[n - 1][1][1] = d[n - 1][1][1] / 4
    return sum(sum(sum(r) for r in p) for p in d), c[n - 1][1][1]


# run: eliminate([[2, 9, 4], [7, 5, 3], [6, 1, 8]])
# run: eliminate([[1, 2], [3, 4]])
# run: keeps_caller([[2, 1], [4, 3]])
# run: halves([1, 2, 3])
# run: scaled_rows(3)
# run: cube(3)


def zeromat(p, q):
    return [[0] * q for i in range(p)]


def ramp(n):
    out = [0] * n
    for i in range(n):
        out[i] = i
    return out


def matmul(a, b):
    n, p = len(a), len(a[0])
    q = len(b[0])
    c = zeromat(n, q)
    for i in range(n):
        for j in range(q):
            c[i][j] = sum(a[i][k] * b[k][j] for k in range(p))
    return c


def products(n: int):
    a = [[i + j for j in range(n)] for i in range(n)]
    b = [[0.5 * (i - j) for j in range(n)] for i in range(n)]
    ints = zeromat(2, 2)          # the same function, its int result kept as ints
    r = ramp(n)
    r[0] = 0.25
    return matmul(a, b), ints, [float(x) for x in r], ramp(2)


# run: products(3)
