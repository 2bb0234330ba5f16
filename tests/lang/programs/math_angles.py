"""Angles: degrees/radians, atan2 in all quadrants, remainder to reduce into [-180, 180]."""
import math
from typing import List


def headings(points: List[float]) -> List[float]:
    out: List[float] = []
    for i in range(0, len(points) - 1, 2):
        out.append(math.degrees(math.atan2(points[i + 1], points[i])))
    return out


def wrap(angles: List[float]) -> List[float]:
    return [math.remainder(a, 360.0) for a in angles]


def rad(angles: List[float]) -> List[float]:
    return [math.radians(a) for a in angles]


# run: headings([1.0, 0.0, 0.0, 1.0, -1.0, 0.0, 0.0, -1.0, 1.0, 1.0, -1.0, -0.0, -1.0, 0.0])
# run: wrap([0.0, 180.0, 540.0, -540.0, 359.5, 1e10, -190.25, 900.0])
# run: rad([0.0, 30.0, 45.0, 90.0, 180.0, -270.0, 1e300])
