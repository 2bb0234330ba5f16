"""After `x = value`, x is that value's type until it is assigned again."""
from typing import Optional


def f(flag: bool) -> int:
    x: Optional[int] = None
    if flag:
        x = 5
        return x + 1
    x = 7
    y = x * 2
    x = None
    if x is None:
        return y
    return 0


# run: f(True)
# run: f(False)
