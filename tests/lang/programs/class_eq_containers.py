"""A user __eq__ (with the usual `other: object` annotation and an isinstance test) used by
`in`, list.count, list.remove and list equality; a class without __eq__ compares by
identity in the same places."""
from typing import List


class Pos:
    def __init__(self, x: int, y: int):
        self.x = x
        self.y = y

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pos) and self.x == other.x

    def __repr__(self) -> str:
        return f"Pos({self.x}, {self.y})"


class Tag:
    def __init__(self, x: int):
        self.x = x


def by_value(n: int) -> str:
    ps = [Pos(i, 0) for i in range(n)]
    qs = [Pos(i, 9) for i in range(n)]
    found = Pos(1, 5) in ps
    missing = Pos(n, 0) not in ps
    ps.remove(Pos(0, 3))
    return f"{found} {missing} {ps.count(Pos(2, 1))} {ps} {ps == qs[1:]} {ps.index(Pos(2, 2))}"


def by_identity(n: int) -> str:
    ts = [Tag(i) for i in range(n)]
    first = ts[0]
    return f"{Tag(0) in ts} {first in ts} {ts.count(first)} {ts == [first] + ts[1:]}"


def remove_missing(n: int) -> int:
    ps = [Pos(i, 0) for i in range(n)]
    ps.remove(Pos(n + 1, 0))
    return len(ps)


# run: by_value(4)
# run: by_identity(3)
# run: remove_missing(2)
