"""pyperformance raytrace's Vector and Point: `if other.isPoint():` calls a method whose
body is only `return True` (or False) in the argument's class, so the branch it takes is
known when compiling: Point - Point is a Vector, Point - Vector a Point, and the result's
methods are each class's own."""
import math


class Vector:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def isPoint(self):
        return False

    def __add__(self, other):
        if other.isPoint():
            return Point(self.x + other.x, self.y + other.y)
        else:
            return Vector(self.x + other.x, self.y + other.y)

    def length(self):
        return math.sqrt(self.x * self.x + self.y * self.y)


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def isPoint(self):
        """A point."""
        return True

    def __sub__(self, other):
        if other.isPoint():
            return Vector(self.x - other.x, self.y - other.y)
        else:
            return Point(self.x - other.x, self.y - other.y)

    def where(self):
        return f"({self.x}, {self.y})"


def walk(n: int) -> str:
    p = Point(0.0, 0.0)
    q = Point(3.0, 4.0)
    d = q - p                     # a Vector
    total = d.length()
    for i in range(n):
        p = p - Vector(1.0, -1.0)   # a Point
        total += (q - p).length()
    moved = Vector(0.5, 0.5) + p    # a Point
    return f"{total:.4f} {moved.where()}"


# run: walk(0)
# run: walk(5)
