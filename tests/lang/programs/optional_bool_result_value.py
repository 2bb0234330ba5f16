"""`and` / `or` used for values of Optional tests."""
from typing import Optional


def both_none(a: Optional[int], b: Optional[float]) -> bool:
    return a is None and b is None


def any_none(a: Optional[int], b: Optional[float]) -> bool:
    r = a is None or b is None
    return r


# run: both_none(None, None)
# run: both_none(1, None)
# run: any_none(1, 2.0)
# run: any_none(1, None)
