"""A while loop left by break: after it the variable may still be None."""
from typing import List, Optional


def first_big(xs: List[int], limit: int) -> int:
    best: Optional[int] = None
    i = 0
    while i < len(xs):
        if xs[i] > limit:
            best = xs[i]
            break
        i += 1
    if best is None:
        return -1
    return best


# run: first_big([1, 5, 9, 12], 6)
# run: first_big([1, 5], 6)
