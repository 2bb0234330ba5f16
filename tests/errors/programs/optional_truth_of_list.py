# Refused: the truth of an Optional list (None or empty?): test `is None` first.
# call: f(None)
# error: 8: 'xs' may be None here (Optional[List[int]])
from typing import List, Optional


def f(xs: Optional[List[int]]) -> int:
    if xs:
        return 1
    return 0
