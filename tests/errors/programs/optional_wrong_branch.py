# Refused: using x in the branch where it is None.
# call: f(3)
# error: 9: unsupported operand type(s) for +: 'None' and 'int'
from typing import Optional


def f(x: Optional[int]) -> int:
    if x is None:
        return x + 1
    return x
