"""Imports inside methods, loops and branches (run each time in CPython, a cached module
lookup after the first): the names are bound when compiling."""
from typing import List


class Stats:
    def __init__(self, xs: List[float]):
        self.xs = xs

    def norm(self) -> float:
        import math
        return math.sqrt(sum(x * x for x in self.xs))

    def product(self) -> float:
        from functools import reduce
        from operator import mul
        return reduce(mul, self.xs, 1.0)


def norms(n: int) -> List[float]:
    out = []
    for i in range(1, n + 1):
        import math as m
        out.append(round(m.hypot(i, i + 1), 6))
    return out


def pick(k: int) -> str:
    if k > 0:
        from math import factorial
        return f"{factorial(k)}"
    else:
        import math
        return f"{math.e:.4f}"


def stats(n: int):
    s = Stats([float(i + 1) for i in range(n)])
    return round(s.norm(), 9), s.product()


# run: norms(3)
# run: pick(5)
# run: pick(0)
# run: stats(4)
