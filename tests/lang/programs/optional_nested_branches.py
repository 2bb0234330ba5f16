"""Refinement through nested ifs and loops."""
from typing import List, Optional


def f(xs: List[int], k: Optional[int]) -> int:
    total = 0
    for x in xs:
        if k is not None:
            if x > k:
                total += x - k
            else:
                total -= 1
        else:
            total += x
    return total


# run: f([1, 5, 10], 4)
# run: f([1, 5, 10], None)
# run: f([], 3)
