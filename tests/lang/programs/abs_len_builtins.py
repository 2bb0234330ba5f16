"""abs of ints, floats and bools; len of lists (and of tuples)."""
from typing import List


def abs_int(x: int) -> int:
    return abs(x)


def abs_float(x: float) -> float:
    return abs(x)


def abs_bool(b: bool) -> int:
    return abs(b)


def lens(n: int) -> List[int]:
    xs = [1.5] * n
    ys: List[bool] = []
    zs = [i for i in range(n) if i % 3 == 0]
    t = (1, 2, 3)
    return [len(xs), len(ys), len(zs), len(t), len([0] * 0)]


def abs_sum(xs: List[int]) -> int:
    s = 0
    for x in xs:
        s += abs(x)
    return s


# run: abs_int(-5)
# run: abs_int(5)
# run: abs_int(-9223372036854775807)
# run: abs_float(-2.5)
# run: abs_float(-0.0)
# run: abs_float(-math.inf)
# run: abs_float(math.nan)
# run: abs_bool(True)
# run: lens(10)
# run: abs_sum([-3, 4, -5, 0])
