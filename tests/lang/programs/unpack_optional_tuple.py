"""Unpacking an Optional[Tuple]: the tuple's items, or CPython's TypeError for None
(Rosetta Code's functional binary search unpacks `f(x) if xs else None`)."""
from typing import Optional, Tuple


def bounds(xs: list) -> Optional[Tuple[int, int]]:
    if not xs:
        return None
    return (min(xs), max(xs))


def spread(xs: list) -> int:
    lo, hi = bounds(xs)
    return hi - lo


def spread_or_zero(xs: list) -> int:
    b = bounds(xs)
    if b is None:
        return 0
    lo, hi = b
    return hi - lo


def from_ifexp(n: int) -> int:
    (a, b) = (n, n * 2) if n > 0 else None
    return a + b


# run: spread([4, 9, 1, 7])
# run: spread([])
# run: spread_or_zero([3, 8])
# run: spread_or_zero([])
# run: from_ifexp(3)
# run: from_ifexp(0)
