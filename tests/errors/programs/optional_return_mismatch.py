# Refused: returning an Optional where int is annotated.
# call: f(None)
# error: 8: return type mismatch: expected int, got Optional[int]
from typing import Optional


def f(x: Optional[int]) -> int:
    return x
