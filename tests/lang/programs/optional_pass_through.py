"""Optionals passed from one scripted function to another."""
from typing import Optional


def clamp(x: Optional[int], hi: Optional[int]) -> Optional[int]:
    if x is None:
        return None
    if hi is not None and x > hi:
        return hi
    return x


def outer(x: Optional[int]) -> int:
    r = clamp(x, 10)
    s = clamp(x, None)
    if r is None or s is None:
        return -1
    return r * 100 + s


# run: outer(5)
# run: outer(50)
# run: outer(None)
