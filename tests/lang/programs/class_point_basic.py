"""A plain class: fields set in __init__, methods, reads and writes, `+=` on a field."""


class Point:
    def __init__(self, x: float, y: float):
        self.x = x
        self.y = y

    def norm2(self) -> float:
        return self.x * self.x + self.y * self.y

    def shift(self, d: float) -> None:
        self.x += d
        self.y -= d

    def scaled(self, k: float) -> "Point":
        return Point(self.x * k, self.y * k)


def run(a: float, b: float) -> float:
    p = Point(a, b)
    p.shift(0.5)
    q = p.scaled(2.0)
    q.x += 1
    return p.norm2() + q.norm2() + q.x


def ints_become_floats(n: int) -> float:
    p = Point(n, 2)          # int arguments: __init__'s float parameters convert them
    return p.x / 4


# run: run(1.0, 2.0)
# run: run(-3.5, 0.0)
# run: ints_become_floats(3)
