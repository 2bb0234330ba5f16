# Refused: an Optional passed to a builtin that needs a number.
# call: f(3)
# error: 8: 'x' may be None here (Optional[int])
from typing import Optional


def f(x: Optional[int]) -> int:
    return abs(x)
