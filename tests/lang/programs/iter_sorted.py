"""sorted: numbers, reverse=, stability with key=, empty lists."""
from typing import List


def plain(xs: List[int]) -> List[int]:
    return sorted(xs)


def desc(xs: List[float]) -> List[float]:
    return sorted(xs, reverse=True)


def last_digit(x: int) -> int:
    return x % 10


def by_digit(xs: List[int]) -> List[int]:
    return sorted(xs, key=last_digit)


def by_digit_desc(xs: List[int]) -> List[int]:
    return sorted(xs, key=last_digit, reverse=True)


def of_gen(n: int) -> List[int]:
    return sorted((i * 7) % 11 for i in range(n))


def runtime_reverse(xs: List[int], r: bool) -> List[int]:
    return sorted(xs, reverse=r)


def input_unchanged(xs: List[int]) -> List[int]:
    ys = sorted(xs)
    return xs + ys


# run: plain([5, 2, 8, 1, 9, 3])
# run: plain([])
# run: plain([1])
# run: desc([0.5, -1.0, 3.25, 0.5])
# run: by_digit([21, 11, 35, 5, 30, 41, 15])
# run: by_digit_desc([21, 11, 35, 5, 30, 41, 15])
# run: of_gen(11)
# run: runtime_reverse([3, 1, 2], True)
# run: runtime_reverse([3, 1, 2], False)
# run: input_unchanged([3, 1, 2])
