"""min/max over generator functions and ranges, with key and default."""
from typing import List


def vals(xs: List[float]):
    for x in xs:
        yield x * x - 2.0 * x


def lowest(xs: List[float]) -> float:
    return min(vals(xs))


def highest_or(xs: List[float]) -> float:
    return max(vals(xs), default=-100.0)


def neg(x: int) -> int:
    return -x


def range_key(n: int) -> int:
    return min(range(n), key=neg)


# run: lowest([0.0, 1.0, 3.0])
# run: lowest([])
# run: highest_or([])
# run: highest_or([2.0, -1.0])
# run: range_key(5)
