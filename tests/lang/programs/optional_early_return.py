"""`if x is None: return ...` refines x for the rest of the function."""
from typing import Optional


def describe(x: Optional[int]) -> int:
    if x is None:
        return 0
    y = x * x
    if x < 0:
        return -y
    return y


def two(a: Optional[int], b: Optional[int]) -> int:
    if a is None:
        return -1
    if b is None:
        return -2
    return a * 10 + b


# run: describe(None)
# run: describe(3)
# run: describe(-4)
# run: two(1, 2)
# run: two(None, 2)
# run: two(1, None)
