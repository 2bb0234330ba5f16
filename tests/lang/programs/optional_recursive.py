"""A recursive search returning Optional[int] (needs its annotation)."""
from typing import List, Optional


def bsearch(xs: List[int], x: int, lo: int, hi: int) -> Optional[int]:
    if lo >= hi:
        return None
    mid = (lo + hi) // 2
    if xs[mid] == x:
        return mid
    if xs[mid] < x:
        return bsearch(xs, x, mid + 1, hi)
    return bsearch(xs, x, lo, mid)


def position(xs: List[int], x: int) -> int:
    r = bsearch(xs, x, 0, len(xs))
    return -1 if r is None else r


# run: bsearch([1, 3, 5, 7, 9], 7, 0, 5)
# run: bsearch([1, 3, 5, 7, 9], 4, 0, 5)
# run: position([1, 3, 5, 7, 9], 1)
# run: position([1, 3, 5, 7, 9], 10)
