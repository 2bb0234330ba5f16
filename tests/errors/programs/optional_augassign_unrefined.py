# Refused: x += 1 on an Optional (None += 1 raises TypeError in CPython).
# call: f(1)
# error: 8: 'x' may be None here (Optional[int])
from typing import Optional


def f(x: Optional[int]) -> Optional[int]:
    x += 1
    return x
