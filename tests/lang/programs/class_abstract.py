"""A base class whose method raises NotImplementedError, subclasses overriding it, a list
of the base type dispatching at run time, and the base's method called directly."""
from typing import List


class Shape:
    def __init__(self, name: str):
        self.name = name

    def area(self) -> float:
        raise NotImplementedError("area of " + self.name)

    def describe(self) -> str:
        return f"{self.name}: {self.area():.2f}"


class Square(Shape):
    def __init__(self, s: float):
        super().__init__("square")
        self.s = s

    def area(self) -> float:
        return self.s * self.s


class Circle(Shape):
    def __init__(self, r: float):
        super().__init__("circle")
        self.r = r

    def area(self) -> float:
        return 3.14159 * self.r * self.r


def shapes(n: int) -> List[str]:
    out: List[Shape] = []
    for i in range(n):
        if i % 2 == 0:
            out.append(Square(float(i)))
        else:
            out.append(Circle(float(i)))
    return [s.describe() for s in out]


def plain(k: int) -> str:
    shapes: List[Shape] = [Square(2.0), Circle(1.0), Shape("blob")]
    return shapes[k].describe()


# run: shapes(4)
# run: plain(0)
# run: plain(2)
