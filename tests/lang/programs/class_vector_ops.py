"""A 3-d vector class with the arithmetic dunders, used by a small physics loop; __neg__,
__abs__, reflected multiplication, __eq__, __repr__."""
import math
from typing import List


class V3:
    __slots__ = ("x", "y", "z")

    def __init__(self, x: float, y: float, z: float):
        self.x = x
        self.y = y
        self.z = z

    def __add__(self, o: "V3") -> "V3":
        return V3(self.x + o.x, self.y + o.y, self.z + o.z)

    def __sub__(self, o: "V3") -> "V3":
        return V3(self.x - o.x, self.y - o.y, self.z - o.z)

    def __mul__(self, k: float) -> "V3":
        return V3(self.x * k, self.y * k, self.z * k)

    def __rmul__(self, k: float) -> "V3":
        return self * k

    def __neg__(self) -> "V3":
        return V3(-self.x, -self.y, -self.z)

    def __abs__(self) -> float:
        return math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z)

    def __eq__(self, o: "V3") -> bool:
        return self.x == o.x and self.y == o.y and self.z == o.z

    def __repr__(self) -> str:
        return f"V3({self.x}, {self.y}, {self.z})"

    def dot(self, o: "V3") -> float:
        return self.x * o.x + self.y * o.y + self.z * o.z

    def cross(self, o: "V3") -> "V3":
        return V3(self.y * o.z - self.z * o.y, self.z * o.x - self.x * o.z,
                  self.x * o.y - self.y * o.x)


def orbit(steps: int) -> float:
    pos = V3(1.0, 0.0, 0.0)
    vel = V3(0.0, 1.0, 0.0)
    dt = 0.01
    for _ in range(steps):
        r = abs(pos)
        acc = -pos * (1.0 / (r * r * r))
        vel = vel + dt * acc
        pos = pos + vel * dt
    return abs(pos) + pos.dot(vel)


def algebra(a: float) -> str:
    u = V3(a, 2.0, 3.0)
    w = V3(1.0, -1.0, 0.5)
    c = u.cross(w)
    same = (u - w) + w == u
    return repr(c) + " " + str(same) + " " + str(abs(-c) == abs(c))


def centroid(n: int) -> str:
    pts: List[V3] = [V3(i, 2.0 * i, 1.0) for i in range(n)]
    s = V3(0.0, 0.0, 0.0)
    for p in pts:
        s = s + p
    return repr(s * (1.0 / n))


# run: orbit(100)
# run: orbit(0)
# run: algebra(1.5)
# run: algebra(-2.0)
# run: centroid(4)
# run: centroid(0)
