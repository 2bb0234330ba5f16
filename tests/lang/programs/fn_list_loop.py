"""Iterating over a list of functions and calling each."""
from typing import List


def a(x: int) -> int:
    return x + 1


def b(x: int) -> int:
    return x * x


def c(x: int) -> int:
    return x // 3


def run(x: int) -> List[int]:
    fs = [a, b, c, b]
    out = []
    for f in fs:
        out.append(f(x))
    total = 0
    for i in range(len(fs)):
        total += fs[i](i)
    out.append(total)
    return out


# run: run(7)
# run: run(-4)
