"""zip whose later arguments are lazy (made into lists first), tuples or range values."""
from typing import List


def later_lazy(a: List[int]) -> List[int]:
    return [x - y for x, y in zip(a, (v * v for v in a))]


def later_tuple(a: List[float]) -> float:
    s = 0.0
    for x, w in zip(a, (1, 2, 3)):
        s += x * w
    return s


def later_reversed(a: List[int]) -> List[int]:
    return [x * 10 + y for x, y in zip(a, reversed(a))]


def later_range_value(n: int) -> int:
    r = range(3, 3 + 2 * n, 2)
    s = 0
    for i, v in zip(range(n + 5), r):
        s += i * v
    return s


# run: later_lazy([1, 2, 3])
# run: later_tuple([1.5, 2.0, 4.0, 8.0])
# run: later_reversed([1, 2, 3, 4])
# run: later_range_value(4)
# run: later_range_value(0)
