"""Optional[int] results: a search that finds nothing returns None."""
from typing import List, Optional


def find(xs: List[int], target: int) -> Optional[int]:
    for i in range(len(xs)):
        if xs[i] == target:
            return i
    return None


def find_or(xs: List[int], target: int, default: int) -> int:
    i = find(xs, target)
    if i is None:
        return default
    return i * 10


# run: find([4, 5, 6], 5)
# run: find([4, 5, 6], 7)
# run: find([], 1)
# run: find_or([4, 5, 6], 6, -1)
# run: find_or([4, 5, 6], 9, -1)
