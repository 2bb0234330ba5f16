"""@dataclass: the generated __init__ (defaults, keywords, field(default_factory=list)),
__eq__ and __repr__ (print, str, repr, f-strings), frozen=True."""
from dataclasses import dataclass, field
from typing import List


@dataclass
class Item:
    name: str
    price: float
    qty: int = 1
    tags: List[str] = field(default_factory=list)

    def cost(self) -> float:
        return self.price * self.qty


@dataclass(frozen=True)
class Pt:
    x: int
    y: int = 0


def items(n: int) -> float:
    out: List[Item] = []
    for i in range(n):
        it = Item("item" + str(i), 1.5 * i, qty=i + 1)
        it.tags.append("t" + str(i))
        out.append(it)
    s = 0.0
    for it in out:
        s += it.cost() + len(it.tags)
    return s


def show(n: int) -> str:
    it = Item("a", 2.5)
    p = Pt(n)
    print(it)
    return repr(p) + " " + str(it) + f" {p}"


def eq(n: int) -> bool:
    return Pt(n, 2) == Pt(1, 2) and Item("a", 1.0) != Item("b", 1.0)


# run: items(3)
# run: items(0)
# run: show(2)
# run: eq(1)
# run: eq(2)
