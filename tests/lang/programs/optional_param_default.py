"""`x: Optional[int] = None`: called with and without the argument, and with None."""
from typing import Optional


def inc(x: Optional[int] = None) -> int:
    if x is None:
        return -1
    return x + 1


def call_both(n: int) -> int:
    return inc() * 100 + inc(n) + inc(None)


# run: inc()
# run: inc(41)
# run: inc(None)
# run: call_both(5)
