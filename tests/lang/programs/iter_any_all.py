"""any/all over lists, generator expressions and ranges; empty inputs."""
from typing import List


def has_neg(xs: List[float]) -> bool:
    return any(x < 0 for x in xs)


def all_pos(xs: List[int]) -> bool:
    return all(x > 0 for x in xs)


def plain(xs: List[int]) -> bool:
    return any(xs) and not all(xs)


def ranges(n: int) -> bool:
    return all(range(1, n)) and any(range(n))


# run: has_neg([1.0, -2.0, 3.0])
# run: has_neg([1.0, 2.0])
# run: has_neg([])
# run: all_pos([1, 2, 3])
# run: all_pos([1, 0, 3])
# run: all_pos([])
# run: plain([0, 1])
# run: plain([1, 1])
# run: plain([])
# run: ranges(5)
# run: ranges(0)
