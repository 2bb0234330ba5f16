"""Two-sum with a dict of seen values to positions."""
from typing import List, Tuple


def two_sum(xs: List[int], target: int) -> Tuple[int, int]:
    pos = {}
    for i, x in enumerate(xs):
        if target - x in pos:
            return (pos[target - x], i)
        pos[x] = i
    return (-1, -1)


# run: two_sum([2, 7, 11, 15], 9)
# run: two_sum([3, 2, 4], 6)
# run: two_sum([1, 2], 7)
