# Refused: using an Optional result directly.
# call: f(3)
# error: 14: the result of 'g()' may be None here (Optional[int])
from typing import Optional


def g(n: int) -> Optional[int]:
    if n > 0:
        return n
    return None


def f(n: int) -> int:
    return g(n) * 2
