"""enumerate over lists, ranges and tuples, with start= given by position and keyword."""
from typing import List


def weighted(xs: List[int]) -> int:
    total = 0
    for i, x in enumerate(xs):
        total += i * x
    return total


def weighted_from(xs: List[float], start: int) -> float:
    total = 0.0
    for i, x in enumerate(xs, start):
        total += i * x
    return total


def with_keyword(n: int) -> List[int]:
    out: List[int] = []
    for i, v in enumerate(range(n, 0, -1), start=-2):
        out.append(i * 100 + v)
    return out


def over_tuple() -> int:
    t = (5, 6, 7)
    s = 0
    for i, v in enumerate(t):
        s += (i + 1) * v
    return s


def pair_target(xs: List[int]) -> int:
    best = -1
    for p in enumerate(xs):
        if p[1] > best:
            best = p[0]
    return best


# run: weighted([3, 1, 4, 1, 5])
# run: weighted([])
# run: weighted_from([1.5, 2.5], 10)
# run: with_keyword(4)
# run: with_keyword(0)
# run: over_tuple()
# run: pair_target([2, 9, 4])
