"""`not (x is None)` and `not x is None` refine as `is not None`."""
from typing import Optional


def f(x: Optional[int]) -> int:
    if not (x is None):
        return x * 2
    return 7


def g(x: Optional[int]) -> int:
    if not x is not None:  # noqa: E714
        return 0
    return x


# run: f(4)
# run: f(None)
# run: g(None)
# run: g(9)
