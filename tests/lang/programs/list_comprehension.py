"""List comprehensions over range and over lists, with an optional if."""
from typing import List


def squares(n: int) -> List[int]:
    return [i * i for i in range(n)]


def even_squares(n: int) -> List[int]:
    return [i * i for i in range(n) if i % 2 == 0]


def scaled(xs: List[float], k: float) -> List[float]:
    return [x * k for x in xs]


def positives(xs: List[int]) -> List[int]:
    return [x for x in xs if x > 0]


def flags(xs: List[int]) -> List[bool]:
    return [x % 3 == 0 for x in xs]


def to_float(n: int) -> List[float]:
    return [i / 4 for i in range(-n, n, 3)]


def calls_inside(n: int) -> List[int]:
    return [triangle(i) for i in range(n) if triangle(i) % 2 == 1]


def triangle(k: int) -> int:
    return k * (k + 1) // 2


def comp_var_is_local(n: int) -> int:
    x = 100
    ys = [x * 2 for x in range(n)]
    return x + len(ys)


# run: squares(8)
# run: even_squares(10)
# run: scaled([1.0, -2.0, 0.5], 3.0)
# run: positives([3, -1, 0, 7, -5])
# run: flags([3, 4, 6, 7, 9])
# run: to_float(5)
# run: calls_inside(15)
# run: comp_var_is_local(4)
