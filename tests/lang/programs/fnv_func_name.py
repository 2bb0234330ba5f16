# f.__name__ of a function value: one known function, one of several (chosen at run
# time), a lambda, a nested def, a builtin, a method.
import math
from typing import List


def cube(x: float) -> float:
    return x * x * x


def sq(x: float) -> float:
    return x * x


def names() -> str:
    out = ""
    for f in (cube, sq):
        out += f.__name__ + " "
    return out


def chosen(c: bool) -> str:
    f = cube if c else sq
    return f.__name__


def kinds() -> List[str]:
    def inner(x):
        return x
    lam = lambda x: x
    return [inner.__name__, lam.__name__, len.__name__, math.sqrt.__name__, cube.__name__]


# run: names()
# run: chosen(True)
# run: chosen(False)
# run: kinds()
