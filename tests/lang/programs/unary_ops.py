"""Unary - + not ~ on ints, floats and bools."""
from typing import List


def on_int(x: int) -> List[int]:
    return [-x, +x, ~x, - -x, ~~x, -~x, ~-x]


def on_float(x: float) -> List[float]:
    return [-x, +x, - -x, -(x * 2.0)]


def nots(a: bool, b: bool) -> List[bool]:
    return [not a, not not a, not (a and b), not a or not b, not a == b]


def int_not(x: int) -> bool:
    return not x


def unary_bool(b: bool) -> List[int]:
    return [-b, +b, -b * 3]


# run: on_int(5)
# run: on_int(-6)
# run: on_int(0)
# run: on_float(2.5)
# run: on_float(0.0)
# run: nots(True, False)
# run: nots(True, True)
# run: int_not(0)
# run: int_not(-4)
# run: unary_bool(True)
