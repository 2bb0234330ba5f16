"""reversed over ranges (any step), lists and tuples."""
from typing import List


def rev_range(a: int, b: int, s: int) -> List[int]:
    out: List[int] = []
    for v in reversed(range(a, b, s)):
        out.append(v)
    return out


def rev_list(xs: List[int]) -> List[int]:
    return [x for x in reversed(xs)]


def rev_tuple() -> float:
    acc = 0.0
    for v in reversed((1.0, 2.0, 4.0)):
        acc = acc * 10.0 + v
    return acc


def rev_enumerated(xs: List[int]) -> List[int]:
    return [i * 10 + x for i, x in enumerate(reversed(xs))]


# run: rev_range(0, 10, 1)
# run: rev_range(0, 10, 3)
# run: rev_range(10, 0, -3)
# run: rev_range(5, 5, 1)
# run: rev_range(-7, 8, 5)
# run: rev_list([1, 2, 3])
# run: rev_list([])
# run: rev_tuple()
# run: rev_enumerated([7, 8, 9])
