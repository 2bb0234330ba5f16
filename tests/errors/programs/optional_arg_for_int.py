# Refused: an Optional passed to a parameter annotated int.
# call: f(1)
# error: 12: argument 'n' of g() expects int, got Optional[int]
from typing import Optional


def g(n: int) -> int:
    return n


def f(x: Optional[int]) -> int:
    return g(x)
