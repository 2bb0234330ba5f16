"""Run-time errors inside methods reach the caller as CPython's exceptions:
ZeroDivisionError, IndexError, ValueError from a method, AttributeError on None, an
assertion in __init__."""
from typing import List, Optional


class Stats:
    def __init__(self, xs: List[float]):
        assert len(xs) > 0, "no data"
        self.xs = xs

    def mean(self) -> float:
        return sum(self.xs) / len(self.xs)

    def ratio(self, i: int, j: int) -> float:
        return self.xs[i] / self.xs[j]

    def checked(self, k: int) -> float:
        if k < 0:
            raise ValueError("k must be >= 0")
        return self.xs[k]


class Link:
    def __init__(self, v: int):
        self.v = v
        self.nxt: Optional[Link] = None


def mean(n: int) -> float:
    return Stats([float(i) for i in range(n)]).mean()


def ratio(i: int, j: int) -> float:
    return Stats([0.0, 1.0, 2.0]).ratio(i, j)


def checked(k: int) -> float:
    return Stats([1.0, 2.0]).checked(k)


def third(n: int) -> int:
    a = Link(1)
    a.nxt = Link(2)
    if n > 0:
        a.nxt.nxt = Link(3)
    return a.nxt.nxt.v


# run: mean(4)
# run: mean(0)
# run: ratio(2, 1)
# run: ratio(1, 0)
# run: ratio(5, 1)
# run: checked(1)
# run: checked(-1)
# run: third(1)
# run: third(0)
