"""Dataclasses in a list sorted by a key function and by __lt__-less keys, filtered with a
comprehension, grouped into a dict of lists of names."""
from dataclasses import dataclass
from typing import Dict, List


@dataclass
class Product:
    name: str
    price: float
    stock: int = 0


def catalog(n: int) -> List[Product]:
    return [Product("p" + str(i), (i * 37 % 11) + 0.5, i % 4) for i in range(n)]


def cheapest(n: int) -> str:
    ps = sorted(catalog(n), key=lambda p: p.price)
    return ps[0].name + " " + repr(ps[-1])


def in_stock(n: int) -> List[str]:
    return [p.name for p in catalog(n) if p.stock > 0]


def by_stock(n: int) -> Dict[int, List[str]]:
    groups: Dict[int, List[str]] = {}
    for p in catalog(n):
        if p.stock not in groups:
            groups[p.stock] = []
        groups[p.stock].append(p.name)
    return groups


def total_value(n: int) -> float:
    t = 0.0
    for p in catalog(n):
        t += p.price * p.stock
    return t


def priciest(n: int) -> float:
    return max(catalog(n), key=lambda p: p.price).price


# run: cheapest(7)
# run: in_stock(9)
# run: by_stock(9)
# run: total_value(12)
# run: priciest(5)
# run: priciest(0)
