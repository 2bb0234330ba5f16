# Refused: an Optional index.
# call: f([1, 2], 0)
# error: 8: 'i' may be None here (Optional[int])
from typing import List, Optional


def f(xs: List[int], i: Optional[int]) -> int:
    return xs[i]
