# call: f(1)
# error: 14: is a frozen dataclass
from dataclasses import dataclass


@dataclass(frozen=True)
class P:
    x: int
    y: int = 0


def f(n: int) -> int:
    p = P(n)
    p.x = 5
    return p.x
