"""`assert x is not None` refines x after it (and raises AssertionError on None)."""
from typing import Optional


def checked(x: Optional[int]) -> int:
    assert x is not None, "x must be given"
    return x + 100


def checked_bare(x: Optional[float]) -> float:
    assert x is not None
    return x * 0.5


# run: checked(1)
# run: checked(None)
# run: checked_bare(3.0)
# run: checked_bare(None)
