"""Run-time errors inside a refined branch are CPython's."""
from typing import List, Optional


def ratio(a: int, b: Optional[int]) -> float:
    if b is None:
        return 0.0
    return a / b


def index(xs: List[int], i: Optional[int]) -> int:
    if i is None:
        i = 0
    return xs[i]


# run: ratio(1, 4)
# run: ratio(1, None)
# run: ratio(1, 0)
# run: index([5, 6], None)
# run: index([5, 6], 1)
# run: index([5, 6], 5)
