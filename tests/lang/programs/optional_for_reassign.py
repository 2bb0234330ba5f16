"""A for loop that rebinds an Optional: each iteration tests it again."""
from typing import List, Optional


def last_even(xs: List[int]) -> int:
    found: Optional[int] = None
    count = 0
    for x in xs:
        if found is not None:
            count += 1
        if x % 2 == 0:
            found = x
    if found is None:
        return -count
    return found * 1000 + count


# run: last_even([1, 2, 3, 4, 5])
# run: last_even([1, 3])
# run: last_even([])
