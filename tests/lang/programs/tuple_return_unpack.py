"""Functions returning tuples of mixed scalar types; unpacking at the call site."""
from typing import Tuple


def divmod_floor(a: int, b: int) -> Tuple[int, int]:
    return a // b, a % b


def polar(x: float, y: float) -> Tuple[float, float]:
    r = (x * x + y * y) ** 0.5
    return (r, y / r if r > 0.0 else 0.0)


def stats(n: int) -> Tuple[int, float, bool]:
    total = 0
    for i in range(n):
        total += i
    return total, total / max(n, 1), total % 2 == 0


def use_unpacked(a: int, b: int) -> int:
    q, r = divmod_floor(a, b)
    t, mean, even = stats(q)
    return q * 1000 + r * 100 + t + (1 if even else 0)


def tuple_as_value(n: int) -> float:
    p = polar(3.0, 4.0)
    s = stats(n)
    return p[0] + p[1] + s[1]


# run: divmod_floor(-17, 5)
# run: polar(3.0, -4.0)
# run: polar(0.0, 0.0)
# run: stats(10)
# run: stats(0)
# run: use_unpacked(123, 7)
# run: use_unpacked(-50, 9)
# run: tuple_as_value(6)
