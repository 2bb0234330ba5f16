# Refused: a loop body that may make x None again drops the refinement at its top.
# call: f(3)
# error: 10: 'x' may be None here (Optional[int])
from typing import Optional


def f(n: int) -> int:
    x: Optional[int] = 1
    for i in range(n):
        y = x * 2
        x = None
    return 0
