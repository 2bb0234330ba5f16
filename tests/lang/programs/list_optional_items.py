"""Items of a List[Optional[int]] used as numbers: checked when they run, and None raises
CPython's TypeError; refined by a test, they are plain ints."""
from typing import List, Optional


def add_items(xs: List[Optional[int]], i: int, j: int) -> int:
    return xs[i] + xs[j]


def scaled(xs: List[Optional[int]], i: int) -> int:
    return 3 * xs[i]


def total(xs: List[Optional[int]]) -> int:
    s = 0
    for x in xs:
        if x is not None:
            s += x
    return s


def from_table(i: int) -> int:
    xs: List[Optional[int]] = [4, None, 6]
    return xs[i] * 2 + xs[-1]


# run: from_table(0)
# run: from_table(1)
# run: from_table(2)
# run: add_items([1, None, 5], 0, 2)
# run: add_items([1, None, 5], 0, 1)
# run: add_items([None, 2], 0, 1)
# run: scaled([4, None], 0)
# run: scaled([4, None], 1)
# run: total([None, 3, None, 4])
