"""`and` / `or`: the right operand sees what the left proved."""
from typing import Optional


def positive(x: Optional[int]) -> bool:
    return x is not None and x > 0


def missing_or_small(x: Optional[float]) -> bool:
    return x is None or x < 1.0


def both_given(a: Optional[int], b: Optional[int]) -> int:
    if a is not None and b is not None and a < b:
        return b - a
    return 0


# run: positive(3)
# run: positive(-3)
# run: positive(None)
# run: missing_or_small(None)
# run: missing_or_small(0.5)
# run: missing_or_small(2.0)
# run: both_given(1, 5)
# run: both_given(5, 1)
# run: both_given(None, 5)
