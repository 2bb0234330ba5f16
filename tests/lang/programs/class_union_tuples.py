"""Objects of unrelated classes nested in tuples in one list (pyperformance raytrace's
`(object, surface)` pairs), unpacked in a loop and in a comprehension, with an Optional
result of the shared method; the first hit is found by a tuple item tested `is not None`."""
import math
from typing import Optional


class Ball:
    def __init__(self, at: float, r: float):
        self.at = at
        self.r = r

    def hit(self, x: float) -> Optional[float]:
        d = abs(x - self.at)
        if d > self.r:
            return None
        return self.at - math.sqrt(self.r * self.r - d * d)


class Wall:
    def __init__(self, at: float):
        self.at = at

    def hit(self, x: float) -> Optional[float]:
        return self.at if x >= 0 else None


def first(hits):
    best = None
    for h in hits:
        t = h[1]
        if t is not None and t > 0:
            if best is None or t < best[1]:
                best = h
    return best


def trace(x: float) -> str:
    scene = []
    scene.append((Ball(5.0, 1.0), "red"))
    scene.append((Wall(9.0), "grey"))
    scene.append((Ball(3.0, 0.5), "blue"))
    hits = [(o, o.hit(x), colour) for (o, colour) in scene]
    b = first(hits)
    if b is None:
        return "nothing"
    (o, t, colour) = b
    return f"{colour} at {t:.3f}"


# run: trace(5.0)
# run: trace(3.2)
# run: trace(0.0)
# run: trace(-1.0)
