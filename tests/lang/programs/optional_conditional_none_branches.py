"""None in both places of a conditional expression's result, and in return."""
from typing import Optional


def pick(a: Optional[int], b: Optional[int], first: bool) -> Optional[int]:
    return a if first else b


def count_none(a: Optional[int], b: Optional[int]) -> int:
    n = 0
    for first in [True, False]:
        if pick(a, b, first) is None:
            n += 1
    return n


# run: pick(1, None, True)
# run: pick(1, None, False)
# run: count_none(None, None)
# run: count_none(3, None)
# run: count_none(3, 4)
