"""Plain functions calling plain functions, with nested calls as arguments."""
import math


def square(x: float) -> float:
    return x * x


def norm(x: float, y: float, z: float) -> float:
    return math.sqrt(square(x) + square(y) + square(z))


def normalize_first(x: float, y: float, z: float) -> float:
    return x / norm(x, y, z)


def inc(n: int) -> int:
    return n + 1


def compose(n: int) -> int:
    return inc(inc(inc(n))) * inc(n - inc(0))


def depth(n: int) -> int:
    if n == 0:
        return 0
    return 1 + depth(n - 1)


def distances(n: int) -> float:
    total = 0.0
    for i in range(n):
        total += norm(i * 1.0, i * 0.5, -i * 0.25)
    return total


# run: norm(1.0, 2.0, 2.0)
# run: normalize_first(3.0, 0.0, 4.0)
# run: normalize_first(0.0, 0.0, 0.0)
# run: compose(10)
# run: depth(300)
# run: distances(100)
