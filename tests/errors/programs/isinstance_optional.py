# Refused: isinstance() of a value whose class is known only at run time (an Optional).
# call: f(3)
# error: 9: isinstance() of a Optional[int] is decided at run time
from typing import Optional


def f(n: int) -> int:
    x: Optional[int] = n if n > 2 else None
    if isinstance(x, int):
        return 1
    return 0
