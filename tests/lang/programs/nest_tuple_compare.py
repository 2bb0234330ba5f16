"""Tuples compare element by element: ==, !=, <, <=, >, >= and mixed lengths."""
from typing import List, Tuple


def cmp(a: Tuple[int, int], b: Tuple[int, int]) -> List[bool]:
    return [a == b, a != b, a < b, a <= b, a > b, a >= b]


def mixed() -> List[bool]:
    return [(1, 2) < (1, 2, 0), (1, 2, 0) > (1, 2), (1, "b") < (1, "c"), (2.5, 1) > (2, 9),
            ([1], 2) == ([1], 2), ([1, 2], 0) < ([1, 3], 0)]


def in_list(ps: List[Tuple[int, str]]) -> List[bool]:
    return [(1, "a") in ps, (2, "a") in ps, (1, "a") not in ps]


# run: cmp((1, 2), (1, 3))
# run: cmp((2, 0), (1, 9))
# run: cmp((4, 4), (4, 4))
# run: mixed()
# run: in_list([(0, "z"), (1, "a")])
