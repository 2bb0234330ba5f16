"""Annotated assignments: empty typed lists, scalars, tuples."""
from typing import List, Tuple


def build(n: int) -> List[int]:
    xs: List[int] = []
    for i in range(n):
        xs.append(i * 3)
    return xs


def build_float(n: int) -> List[float]:
    ys: List[float] = []
    for i in range(n):
        ys.append(i / 2)
    return ys


def build_bool(n: int) -> List[bool]:
    flags: List[bool] = []
    for i in range(n):
        flags.append(i % 3 == 0)
    return flags


def scalars(n: int) -> float:
    count: int = 0
    total: float = 0.0
    ok: bool = True
    for i in range(n):
        count += 1
        total += i
        ok = ok and i < 100
    return total / count if ok else -1.0


def pair(n: int) -> Tuple[int, float]:
    t: Tuple[int, float] = (n, n / 4)
    return t


def empty() -> List[float]:
    xs: List[float] = []
    return xs


# run: build(5)
# run: build_float(4)
# run: build_bool(7)
# run: scalars(10)
# run: scalars(200)
# run: pair(7)
# run: empty()
