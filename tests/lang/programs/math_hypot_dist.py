"""math.hypot with any number of arguments and math.dist: CPython's vector_norm (scaled,
exactly squared, compensated), subnormal and huge coordinates, inf beats nan."""
import math
from typing import List


def nary(a: float, b: float, c: float, n: int) -> List[float]:
    return [math.hypot(), math.hypot(a), math.hypot(a, b, c), math.hypot(a, b, c, n),
            math.hypot(c, c, c, c, c), math.hypot(a, b)]


def points(p: List[float], q: List[float]) -> float:
    return math.dist(p, q)


def int_points(p: List[int], q: List[int]) -> float:
    return math.dist(p, q)


def pair(x: float, y: float) -> float:
    return math.dist((x, y), (1.0, -2.0))


# run: nary(3.0, 4.0, 12.0, 84)
# run: nary(1e-310, 3e-320, 5e-324, 0)
# run: nary(1e308, 1e308, 1e308, 1)
# run: nary(math.inf, math.nan, 1.0, 2)
# run: nary(math.nan, 1.0, 2.0, 3)
# run: nary(-0.0, -0.0, -0.0, 0)
# run: points([0.1, 0.2, 0.3], [1.0, -1.0, 2.5])
# run: points([1e-310, 2e-310], [0.0, 0.0])
# run: points([1.0, 2.0], [1.0])
# run: int_points([1, 2, 3], [4, 6, 3])
# run: pair(4.0, 2.0)
