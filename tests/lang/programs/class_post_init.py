"""@dataclass with __post_init__ (derived fields, validation raising ValueError),
field(init=False) fields, field(default_factory=list), and a dataclass method that mutates."""
from dataclasses import dataclass, field
from typing import List


@dataclass
class Rect:
    w: float
    h: float
    area: float = field(init=False, default=0.0)

    def __post_init__(self):
        if self.w < 0 or self.h < 0:
            raise ValueError("negative size")
        self.area = self.w * self.h


@dataclass
class Basket:
    owner: str
    items: List[str] = field(default_factory=list)
    log: List[int] = field(init=False, default_factory=list)

    def add(self, item: str) -> int:
        self.items.append(item)
        self.log.append(len(item))
        return len(self.items)


def areas(n: int) -> float:
    total = 0.0
    for i in range(n):
        total += Rect(float(i), 2.0).area
    return total


def bad(w: float) -> float:
    return Rect(w, 1.0).area


def basket(k: int) -> str:
    b = Basket("ann")
    c = Basket("bob")
    for i in range(k):
        b.add(f"x{i}")
    c.add("y")
    return f"{b.owner}:{len(b.items)} {c.owner}:{len(c.items)} {b.items[-1] if b.items else '-'} {sum(b.log)}"


def show() -> str:
    return repr(Rect(2.0, 3.0))


# run: areas(5)
# run: bad(-1.0)
# run: bad(2.5)
# run: basket(3)
# run: basket(0)
# run: show()
