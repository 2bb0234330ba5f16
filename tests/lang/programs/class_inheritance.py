"""Single inheritance: fields added in a subclass's __init__, Base.__init__(self, ...) and
super().__init__(...), overridden methods dispatched on the run-time class, a subclass where
its base is expected, isinstance with a class or a tuple of classes refining the variable."""
from typing import List, Optional


class Shape:
    def __init__(self, name: str):
        self.name = name

    def area(self) -> float:
        return 0.0

    def describe(self) -> str:
        return self.name + ":" + str(self.area())


class Rect(Shape):
    def __init__(self, w: float, h: float):
        Shape.__init__(self, "rect")
        self.w = w
        self.h = h

    def area(self) -> float:
        return self.w * self.h


class Square(Rect):
    def __init__(self, s: float):
        super().__init__(s, s)
        self.name = "square"


class Circle(Shape):
    def __init__(self, r: float):
        super().__init__("circle")
        self.r = r

    def area(self) -> float:
        return 3.0 * self.r * self.r


def total(n: int) -> float:
    shapes: List[Shape] = []
    for i in range(n):
        if i % 3 == 0:
            shapes.append(Rect(i, 2.0))
        elif i % 3 == 1:
            shapes.append(Circle(i))
        else:
            shapes.append(Square(i))
    s = 0.0
    for sh in shapes:
        s += sh.area()
    return s


def kinds(n: int) -> int:
    c = 0
    for i in range(n):
        sh: Shape = Rect(1.0, 2.0) if i % 2 == 0 else Circle(1.0)
        if isinstance(sh, Rect):
            c += 10 + int(sh.w)
        elif isinstance(sh, (Circle, Square)):
            c += 100
    return c


def names(n: int) -> str:
    out = ""
    shapes = [Square(1.0), Rect(1.0, 2.0), Circle(2.0)]
    for sh in shapes:
        out += sh.describe() + " "
    return out


# run: total(6)
# run: total(0)
# run: kinds(5)
# run: names(1)
