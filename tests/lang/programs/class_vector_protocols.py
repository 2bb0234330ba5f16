"""A 2-d vector class with __slots__, operators (`__rmul__ = __mul__` as an alias), a
generator __iter__: unpacking `x, y = v` (CPython's ValueError when the count differs),
sum() of objects with a start value, over a list and over a generator expression."""
from typing import List


class Vec:
    __slots__ = ("x", "y")

    def __init__(self, x: float, y: float):
        self.x = x
        self.y = y

    def __add__(self, o: "Vec") -> "Vec":
        return Vec(self.x + o.x, self.y + o.y)

    def __mul__(self, k: float) -> "Vec":
        return Vec(self.x * k, self.y * k)

    __rmul__ = __mul__

    def __iter__(self):
        yield self.x
        yield self.y

    def __repr__(self) -> str:
        return f"Vec({self.x}, {self.y})"


class Triple:
    def __init__(self, n: int):
        self.n = n

    def __iter__(self):
        for i in range(self.n):
            yield i * 3


def vecs(n: int) -> str:
    v = Vec(1.0, 2.0)
    w = 2.0 * v + v * 0.5
    x, y = w
    total = sum([Vec(float(i), 1.0) for i in range(n)], Vec(0.0, 0.0))
    gen = sum((Vec(1.0, float(i)) * 2.0 for i in range(n)), start=Vec(0.5, 0.5))
    return f"{w} {x} {y} {total} {gen}"


def unpack(n: int) -> List[int]:
    a, b, c = Triple(n)
    return [c, b, a]


# run: vecs(3)
# run: vecs(0)
# run: unpack(3)
# run: unpack(2)
# run: unpack(4)
