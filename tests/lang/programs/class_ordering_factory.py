"""functools.total_ordering (the other comparisons from __lt__ or from __gt__ and __eq__),
sorting and max of such objects, and a dataclass whose field's default_factory is another
dataclass (each object gets its own)."""
import functools
from dataclasses import dataclass, field
from typing import List


@functools.total_ordering
class Money:
    def __init__(self, cents: int):
        self.cents = cents

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Money) and self.cents == other.cents

    def __lt__(self, other: "Money") -> bool:
        return self.cents < other.cents

    def __repr__(self) -> str:
        return f"${self.cents / 100:.2f}"


@functools.total_ordering
class Rank:
    def __init__(self, r: int):
        self.r = r

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rank) and self.r == other.r

    def __gt__(self, other: "Rank") -> bool:
        return self.r > other.r


def money(a: int, b: int) -> str:
    x, y = Money(a), Money(b)
    return f"{x < y} {x <= y} {x > y} {x >= y} {x == y} {x != y}"


def ranks(a: int, b: int) -> List[bool]:
    x, y = Rank(a), Rank(b)
    return [x < y, x <= y, x > y, x >= y]


def wallet(n: int) -> str:
    ms = [Money((i * 37) % 11 * 25) for i in range(n)]
    return f"{sorted(ms)} {max(ms)} {min(ms)}"


@dataclass
class Inner:
    x: int = 0
    ys: List[int] = field(default_factory=list)


@dataclass
class Outer:
    name: str
    inner: Inner = field(default_factory=Inner)
    tags: List[str] = field(default_factory=list)


def nested(n: int) -> str:
    a = Outer("a")
    b = Outer("b")
    a.inner.x = n
    a.inner.ys.append(n)
    b.tags.append("t")
    return f"{a} {b} {a.inner is b.inner}"


# run: money(1, 2)
# run: money(2, 2)
# run: money(3, 2)
# run: ranks(1, 2)
# run: ranks(2, 2)
# run: wallet(6)
# run: nested(4)
