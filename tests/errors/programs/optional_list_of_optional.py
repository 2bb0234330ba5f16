# Refused: lists hold numbers only, not Optionals.
# call: f()
# error: 7: lists of Optional[int] are not supported
from typing import List, Optional


def f(xs: List[Optional[int]] = None) -> int:
    return 0
