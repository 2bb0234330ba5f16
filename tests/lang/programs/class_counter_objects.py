"""Objects shared by several containers: one object in two lists and a dict, mutated
through each (every view sees it), `is` across containers, copies of the references."""
from typing import Dict, List


class Cell:
    def __init__(self, v: int):
        self.v = v


def shared(n: int) -> int:
    cells = [Cell(i) for i in range(n)]
    evens: List[Cell] = [c for c in cells if c.v % 2 == 0]
    by_v: Dict[int, Cell] = {}
    for c in cells:
        by_v[c.v] = c
    for c in evens:
        c.v += 100
    by_v[1].v = -1
    t = 0
    for c in cells:
        t += c.v
    return t + (1 if evens[0] is cells[0] else 0)


def rebind(n: int) -> int:
    a = Cell(n)
    b = a
    b = Cell(n + 1)
    b.v = 50
    return a.v * 100 + b.v


def swap(n: int) -> int:
    xs = [Cell(1), Cell(2)]
    xs[0], xs[1] = xs[1], xs[0]
    xs[0].v *= n
    return xs[0].v * 10 + xs[1].v


# run: shared(5)
# run: shared(1)
# run: rebind(3)
# run: swap(7)
