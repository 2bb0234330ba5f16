# Refused: an Optional[int] stored in an Optional[float] (convert after a test).
# call: f(1)
# error: 9: variable 'y' cannot be both Optional[float] and Optional[int]
from typing import Optional


def f(x: Optional[int]) -> int:
    y: Optional[float] = None
    y = x
    return 0
