"""typing.Callable annotations on parameters, results and lists of functions."""
from typing import Callable, List


def sq(x: float) -> float:
    return x * x


def half(x: float) -> float:
    return x / 2.0


def apply_all(fs: List[Callable[[float], float]], x: float) -> float:
    t = 0.0
    for f in fs:
        t += f(x)
    return t


def pick(big: bool) -> Callable[[float], float]:
    return sq if big else half


def run(x: float, big: bool) -> float:
    table: List[Callable[[float], float]] = []
    table.append(sq)
    table.append(half)
    g: Callable[[float], float] = pick(big)
    return apply_all(table, x) + g(x) + apply_all([half], x)


# run: run(3.0, True)
# run: run(3.0, False)
