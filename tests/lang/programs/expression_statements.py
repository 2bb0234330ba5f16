"""Calls as statements: results are discarded, side effects happen in order."""
from typing import List


def side(xs: List[int], v: int) -> int:
    xs.append(v)
    return v * 2


def pure(x: float) -> float:
    return x * x


def run(n: int) -> List[int]:
    xs: List[int] = []
    side(xs, 1)
    for i in range(n):
        side(xs, i * 10)
        pure(1.5)
    xs.append(-1)
    xs.pop()
    len(xs)
    n + 1
    print("ran", n)
    return xs


# run: run(3)
