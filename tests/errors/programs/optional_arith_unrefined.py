# Refused: arithmetic on an Optional without a test.
# call: f(None)
# error: 8: 'x' may be None here (Optional[int])
from typing import Optional


def f(x: Optional[int]) -> int:
    return x + 1
