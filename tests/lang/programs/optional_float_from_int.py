"""An int assigned to an Optional[float] converts, as an int to a float does (CPython keeps
the int: pts's annotations convert, see docs/language.md)."""
from typing import Optional


def f(n: int) -> Optional[float]:
    x: Optional[float] = None
    if n > 0:
        x = n
    return x


def g(n: int) -> float:
    x: Optional[float] = n
    if x is None:
        return -1.0
    return x / 2


# run: f(3)  # float
# run: f(-3)
# run: g(5)
