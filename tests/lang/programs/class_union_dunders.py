"""Operators and protocols on a union of unrelated classes: `u[i]`, `u[i] = v`, `u(x)`,
`-u`, `u == v` by each class's `__eq__`, `abs(u)` — each runs the method of the object's
own class."""
from typing import List, Union


class Row:
    def __init__(self, n: int):
        self.cells = [0] * n

    def __getitem__(self, i: int) -> int:
        return self.cells[i]

    def __setitem__(self, i: int, v: int) -> None:
        self.cells[i] = v

    def __call__(self, k: int) -> int:
        return sum(self.cells) * k

    def __neg__(self) -> int:
        return -len(self.cells)

    def __eq__(self, other) -> bool:
        return self(1) == other(1)

    def __abs__(self) -> int:
        return len(self.cells)


class Ring:
    def __init__(self, n: int):
        self.n = n
        self.extra = 0

    def __getitem__(self, i: int) -> int:
        return i % self.n + self.extra

    def __setitem__(self, i: int, v: int) -> None:
        self.extra += v

    def __call__(self, k: int) -> int:
        return self.n * k + self.extra

    def __neg__(self) -> int:
        return -self.n

    def __eq__(self, other) -> bool:
        return self(1) == other(1)

    def __abs__(self) -> int:
        return self.n


def run(n: int) -> List[int]:
    things: List[Union[Row, Ring]] = [Row(3), Ring(4)]
    out = []
    for t in things:
        t[1] = n
        out.append(t[1] + t[5 % 3])
        out.append(t(2))
        out.append(-t)
        out.append(abs(t))
    out.append(int(things[0] == things[1]))
    out.append(int(things[0] == things[0]))
    return out


# run: run(0)
# run: run(3)
