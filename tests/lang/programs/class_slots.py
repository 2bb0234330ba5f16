"""`__slots__` classes, fields typed by class-level annotations, int then float fields."""


class Vec:
    __slots__ = ("x", "y", "z")

    def __init__(self, x: float, y: float, z: float):
        self.x = x
        self.y = y
        self.z = z

    def dot(self, o: "Vec") -> float:
        return self.x * o.x + self.y * o.y + self.z * o.z


class Acc:
    total: float
    count: int

    def __init__(self):
        self.total = 0.0
        self.count = 0

    def add(self, v: float) -> None:
        self.total += v
        self.count += 1

    def mean(self) -> float:
        return self.total / self.count


def dots(n: int) -> float:
    a = Vec(1.0, 2.0, 3.0)
    s = 0.0
    for i in range(n):
        s += a.dot(Vec(i, -i, 0.5 * i))
    return s


def mean(n: int) -> float:
    acc = Acc()
    for i in range(n):
        acc.add(i)
    return acc.mean()


# run: dots(5)
# run: mean(4)
# run: mean(0)
