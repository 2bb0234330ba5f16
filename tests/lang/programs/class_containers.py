"""Objects as elements of lists, tuples and dicts, as results and arguments."""
from typing import Dict, List, Tuple


class Item:
    def __init__(self, name: str, price: float, qty: int):
        self.name = name
        self.price = price
        self.qty = qty

    def cost(self) -> float:
        return self.price * self.qty


def make(n: int) -> List[Item]:
    out: List[Item] = []
    for i in range(n):
        out.append(Item("item" + str(i), 1.5 * i, i + 1))
    return out


def total(n: int) -> float:
    s = 0.0
    for it in make(n):
        s += it.cost()
    return s


def cheapest_pair(n: int) -> Tuple[str, float]:
    items = make(n)
    best = items[0]
    for it in items:
        if it.price < best.price:
            best = it
    pair = (best, best.cost())
    return (pair[0].name, pair[1])


def by_name(n: int) -> int:
    d: Dict[str, Item] = {}
    for it in make(n):
        d[it.name] = it
    d["item1"].qty += 10
    q = 0
    for k in d:
        q += d[k].qty
    return q


def index_error(n: int) -> float:
    return make(n)[n].price


# run: total(5)
# run: cheapest_pair(4)
# run: by_name(3)
# run: index_error(2)
