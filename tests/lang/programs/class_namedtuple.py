"""typing.NamedTuple records: constructor with defaults, fields, unpacking, indexing (an
IndexError), len, ==, repr/str/print/f-strings "P(x=1, y=2)", records returned to Python as
the class."""
from typing import List, NamedTuple


class P(NamedTuple):
    x: int
    y: int = 0


class Seg(NamedTuple):
    a: P
    b: P
    name: str


def pts_sum(n: int) -> int:
    ps = [P(i, i * i) for i in range(n)]
    t = 0
    for p in ps:
        x, y = p
        t += x + y + p[1] + p[-2] + len(p)
    return t


def show(n: int) -> str:
    s = Seg(P(n), P(1, 2), "s")
    print(s)
    return repr(s.a) + " " + str(s) + f" {s.b}"


def eq(n: int) -> bool:
    return P(n, 2) == P(1, 2) and P(1) != P(2)


def make(n: int) -> P:
    return P(n, n + 1)


def segs(n: int) -> List[Seg]:
    return [Seg(P(i), P(i, i), "s" + str(i)) for i in range(n)]


def bad_index(n: int) -> int:
    return P(n)[n]


def norm1(p: P) -> int:
    return abs(p.x) + abs(p.y)


# run: pts_sum(4)
# run: show(2)
# run: eq(1)
# run: eq(2)
# run: make(3)
# run: segs(2)
# run: bad_index(2)
