"""Tuples of Optionals unpack and swap."""
from typing import Optional


def swap_count(a: Optional[int], b: Optional[int]) -> int:
    a, b = b, a
    n = 0
    if a is None:
        n += 1
    if b is None:
        n += 10
    if a is not None and b is not None:
        n = a - b
    return n


# run: swap_count(1, None)
# run: swap_count(None, 2)
# run: swap_count(5, 2)
# run: swap_count(None, None)
