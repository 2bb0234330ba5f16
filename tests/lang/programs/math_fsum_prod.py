"""fsum (Shewchuk's exact sum, CPython's partials and half-even fix-up) and prod."""
import math
from typing import List


def sums(xs: List[float]) -> List[float]:
    empty: List[float] = []
    return [math.fsum(xs), sum(xs), math.fsum([xs[0]]), math.fsum(empty)]


def harmonic(n: int) -> float:
    xs = [1.0 / i for i in range(1, n + 1)]
    return math.fsum(xs)


def alternating(n: int) -> float:
    xs: List[float] = []
    for i in range(n):
        xs.append((-1.0) ** i * 10.0 ** (i % 30 - 15))
    return math.fsum(xs)


def ints(xs: List[int]) -> float:
    return math.fsum(xs)


def products(xs: List[int], ys: List[float]):
    return math.prod(xs), math.prod(ys), math.prod(xs, start=3), math.prod(ys, start=0.5)


def special(xs: List[float]) -> float:
    return math.fsum(xs)


# run: sums([0.1, 0.2, 0.3, -0.6, 1e100, 1.0, -1e100, 1e-100])
# run: sums([1e308, 1e308, -1e308])
# run: harmonic(1000)
# run: alternating(200)
# run: ints([1, 2, 3, 9007199254740993])
# run: products([1, 2, 3, -4], [0.5, 1.5, 2.0])
# run: special([1.0, math.inf, 2.0])
# run: special([math.inf, -math.inf])
# run: special([1.0, math.nan])
# run: special([1e308, 1e308])
