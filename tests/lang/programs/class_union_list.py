"""Objects of two unrelated classes (no common base but object) in one list, their shared
methods called duck-typed: each call runs the method of the object's own class."""
import math


class Circle:
    def __init__(self, r: float):
        self.r = r

    def area(self) -> float:
        return math.pi * self.r * self.r

    def name(self) -> str:
        return "circle"

    def scaled(self, k: float, extra: float = 0.0) -> float:
        return self.r * k + extra


class Rect:
    def __init__(self, w: float, h: float):
        self.w = w
        self.h = h

    def area(self) -> float:
        return self.w * self.h

    def name(self) -> str:
        return "rect"

    def scaled(self, k: float, extra: float = 1.0) -> float:
        return (self.w + self.h) * k + extra


def total_area(n: int) -> float:
    shapes = []
    for i in range(n):
        if i % 3 == 0:
            shapes.append(Circle(i * 0.5))
        else:
            shapes.append(Rect(i, i + 1.0))
    return sum(s.area() for s in shapes)


def names(n: int) -> str:
    shapes = [Circle(1.0), Rect(2.0, 3.0)] * n
    return ",".join(s.name() for s in shapes)


def largest(n: int) -> str:
    shapes = [Rect(1.0, 2.0), Circle(1.0), Rect(0.5, float(n))]
    best = shapes[0]
    for s in shapes[1:]:
        if s.area() > best.area():
            best = s
    return f"{best.name()} {best.area():.3f}"


def keywords(n: int) -> float:
    shapes = [Circle(1.5), Rect(1.0, 2.0)] * n
    return sum(s.scaled(2.0, extra=0.5) + s.scaled(k=3.0) for s in shapes)


# run: total_area(7)
# run: total_area(0)  # float
# run: names(2)
# run: largest(1)
# run: largest(9)
# run: keywords(2)
