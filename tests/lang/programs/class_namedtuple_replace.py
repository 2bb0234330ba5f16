"""NamedTuple's _replace, comparison of NamedTuples as tuples (`<`, sorted() without a
key), sorting by a key, NamedTuples with defaults, and @dataclass(order=True)."""
from dataclasses import dataclass
from typing import List, NamedTuple


class Item(NamedTuple):
    name: str
    price: float
    qty: int = 1


def total(items: List[Item]) -> float:
    return sum(it.price * it.qty for it in items)


def restock(n: int) -> str:
    a = Item("pen", 1.5)
    b = a._replace(qty=n)
    return f"{a.qty} {b.qty} {b.name} {a == b} {a == a._replace(qty=1)}"


def cheapest() -> str:
    items = [Item("b", 3.0, 2), Item("a", 1.0), Item("c", 2.0, 5)]
    items.sort(key=lambda it: it.price)
    names = [it.name for it in items]
    return ",".join(names) + f" {total(items):.1f}"


def ordered() -> bool:
    return Item("a", 1.0) < Item("a", 2.0)


@dataclass(order=True)
class Version:
    major: int
    minor: int
    tag: str = ""


def newest(n: int) -> str:
    vs = [Version(1, 2), Version(1, 10), Version(0, 99, "rc"), Version(1, 2, "b")]
    best = vs[0]
    for v in vs[:n]:
        if v > best:
            best = v
    return f"{best} {Version(1, 2) <= Version(1, 2)} {Version(2, 0) < Version(1, 9)}"


def sort_records() -> str:
    items = [Item("b", 3.0, 2), Item("a", 1.0), Item("b", 1.0, 5), Item("a", 1.0, 0)]
    return " ".join(f"{it.name}{it.qty}" for it in sorted(items))


# run: restock(4)
# run: newest(4)
# run: newest(1)
# run: sort_records()
# run: cheapest()
# run: ordered()
