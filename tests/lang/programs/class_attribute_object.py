"""A class attribute holding an object, set after the class (`Point.ZERO = Point(0, 0, 0)`,
pyperformance raytrace; deltablue's `Strength.REQUIRED`): shared with Python as a
module-level object is."""


class Point:
    def __init__(self, x: float, y: float):
        self.x = x
        self.y = y

    def dist2(self, other: "Point") -> float:
        return (self.x - other.x) ** 2 + (self.y - other.y) ** 2


Point.ZERO = Point(0.0, 0.0)
Point.UNIT = Point(1.0, 0.0)


def run(a: float, b: float) -> float:
    p = Point(a, b)
    return p.dist2(Point.ZERO) + p.dist2(Point.UNIT) + Point.UNIT.x


# run: run(3.0, 4.0)
