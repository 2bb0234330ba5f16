"""`x == None` and `x != None` on an Optional number agree with `is`."""
from typing import Optional


def eq_none(x: Optional[int]) -> bool:
    return x == None  # noqa: E711


def ne_none(x: Optional[float]) -> float:
    if x != None:  # noqa: E711
        return x * 2.0
    return -1.0


def int_eq_none(n: int) -> bool:
    return n == None or None != n  # noqa: E711


# run: eq_none(None)
# run: eq_none(0)
# run: ne_none(1.5)
# run: ne_none(None)
# run: int_eq_none(3)
