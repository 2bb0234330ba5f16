"""Conditional expressions: refinement in their branches, and None as a branch."""
from typing import Optional


def or_zero(x: Optional[int]) -> int:
    return x if x is not None else 0


def none_if_negative(n: int) -> Optional[int]:
    return None if n < 0 else n


def both(n: int) -> int:
    return or_zero(none_if_negative(n)) + 1


# run: or_zero(5)
# run: or_zero(None)
# run: none_if_negative(3)
# run: none_if_negative(-3)
# run: both(4)
# run: both(-4)
