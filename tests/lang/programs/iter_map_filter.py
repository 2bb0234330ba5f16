"""map and filter with named scripted functions and builtins."""
from typing import List


def double(x: int) -> int:
    return 2 * x


def add(a: int, b: float) -> float:
    return a + b


def even(x: int) -> bool:
    return x % 2 == 0


def mapped(xs: List[int]) -> List[int]:
    return list(map(double, xs))


def mapped2(xs: List[int], ys: List[float]) -> List[float]:
    return list(map(add, xs, ys))


def filtered(xs: List[int]) -> List[int]:
    return list(filter(even, xs))


def filtered_none(xs: List[int]) -> List[int]:
    return list(filter(None, xs))


def loop(xs: List[int]) -> int:
    s = 0
    for v in map(double, filter(even, xs)):
        s += v
    return s


def builtins_mapped(xs: List[float]) -> List[int]:
    return list(map(int, xs))


def as_value(xs: List[int]) -> int:
    m = map(double, xs)
    return sum(m)


# run: mapped([1, 2, 3])
# run: mapped([])
# run: mapped2([1, 2, 3], [0.5, 0.25])
# run: filtered([1, 2, 3, 4, 6])
# run: filtered_none([0, 1, 0, 2])
# run: loop([1, 2, 3, 4])
# run: builtins_mapped([1.7, -2.5, 3.0])
# run: as_value([1, 2, 3])
