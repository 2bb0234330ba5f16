"""Operators, comparisons, len, subscripts, `in`, str/repr/print/f-strings, min/max/sorted
on objects call the class's methods (CPython's data model)."""
from typing import List


class V:
    def __init__(self, x: float, y: float):
        self.x = x
        self.y = y

    def __add__(self, o: "V") -> "V":
        return V(self.x + o.x, self.y + o.y)

    def __sub__(self, o: "V") -> "V":
        return V(self.x - o.x, self.y - o.y)

    def __mul__(self, k: float) -> "V":
        return V(self.x * k, self.y * k)

    def __rmul__(self, k: float) -> "V":
        return V(self.x * k, self.y * k)

    def __neg__(self) -> "V":
        return V(-self.x, -self.y)

    def __eq__(self, o: "V") -> bool:
        return self.x == o.x and self.y == o.y

    def __lt__(self, o: "V") -> bool:
        return self.x < o.x

    def __repr__(self) -> str:
        return f"V({self.x}, {self.y})"


class Bag:
    def __init__(self, n: int):
        self.items = [i * i for i in range(n)]

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, i: int) -> int:
        if i >= len(self.items):
            raise IndexError("bag index out of range")
        return self.items[i]

    def __setitem__(self, i: int, v: int) -> None:
        self.items[i] = v

    def __contains__(self, v: int) -> bool:
        return v in self.items


def ops(a: float) -> float:
    p = V(a, 2.0)
    q = V(1.0, a)
    r = p + q * 2.0 - (-p)
    r += V(1.0, 1.0)
    s = 3.0 * r
    return s.x + s.y


def cmp(a: float) -> bool:
    return V(a, 1.0) == V(1.0, 1.0) and not (V(a, 2.0) != V(a, 2.0))


def order(n: int) -> float:
    vs = [V(float((i * 7) % 5), float(i)) for i in range(n)]
    best = min(vs)
    w = sorted(vs)
    return best.y + w[-1].x + w[0].y


def show(a: float) -> str:
    p = V(a, 0.5)
    print(p)
    return str(p) + " " + repr(p) + f" {p}!"


def bag(n: int) -> int:
    b = Bag(n)
    b[1] = 100
    t = len(b) + b[1] + b[n - 1]
    if 4 in b:
        t += 1000
    if 5 not in b:
        t += 10000
    return t


def bag_error(n: int) -> int:
    b = Bag(n)
    return b[n]


# run: ops(1.5)
# run: ops(-2.0)
# run: cmp(1.0)
# run: cmp(2.0)
# run: order(6)
# run: order(1)
# run: show(1.5)
# run: bag(4)
# run: bag(6)
# run: bag_error(3)
