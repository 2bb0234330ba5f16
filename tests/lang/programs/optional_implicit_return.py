"""An Optional result: a function may fall off its end or `return` bare."""
from typing import Optional


def sign(n: int) -> Optional[int]:
    if n > 0:
        return 1
    if n < 0:
        return -1


def bare(n: int) -> Optional[float]:
    if n == 0:
        return
    return 1.0 / n


# run: sign(5)
# run: sign(-5)
# run: sign(0)
# run: bare(0)
# run: bare(4)
