"""Generator expressions: conditions, tuple targets, in for headers and as values."""
from typing import List


def f(i: int) -> float:
    return 1.0 / (i + 1)


def harmonic(n: int) -> float:
    return sum(f(i) for i in range(n))


def evens_squared(xs: List[int]) -> List[int]:
    out: List[int] = []
    for v in (x * x for x in xs if x % 2 == 0 if x > 0):
        out.append(v)
    return out


def pairs(xs: List[int]) -> int:
    return sum(i * x for i, x in enumerate(xs))


def as_list(n: int) -> List[int]:
    g = (i + 1 for i in range(n))
    return list(g)


def nested(n: int) -> int:
    return sum(sum(j for j in range(i)) for i in range(n))


# run: harmonic(10)
# run: harmonic(0)  # float
# run: evens_squared([1, 2, -4, 6, 7])
# run: pairs([5, 6, 7])
# run: as_list(4)
# run: nested(6)
