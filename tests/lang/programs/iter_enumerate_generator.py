"""enumerate over a generator and a generator expression."""
from typing import List


def squares(n: int):
    for i in range(n):
        yield i * i


def enum_gen(n: int) -> List[int]:
    return [i * 1000 + v for i, v in enumerate(squares(n), 1)]


def enum_genexp(xs: List[float]) -> float:
    return sum(i * v for i, v in enumerate(x * 2.0 for x in xs))


# run: enum_gen(4)
# run: enum_genexp([1.0, 2.0, 3.0])
