"""A list of functions of one signature, indexed at run time (a call of one of them)."""
import math


def half(x: float) -> float:
    return x / 2


def sq(x: float) -> float:
    return x * x


def root(x: float) -> float:
    return math.sqrt(x)


def pick(i: int, x: float) -> float:
    fs = [half, sq, root]
    return fs[i](x)


# run: pick(0, 9.0)
# run: pick(1, 9.0)
# run: pick(2, 9.0)
# run: pick(-1, 16.0)
# run: pick(3, 1.0)
# run: pick(2, -1.0)
