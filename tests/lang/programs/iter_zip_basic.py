"""zip of two and three iterables stops at the shortest."""
from typing import List


def dot(a: List[float], b: List[float]) -> float:
    s = 0.0
    for x, y in zip(a, b):
        s += x * y
    return s


def three(a: List[int], b: List[int], c: List[int]) -> List[int]:
    out: List[int] = []
    for x, y, z in zip(a, b, c):
        out.append(x * 100 + y * 10 + z)
    return out


def with_range(a: List[int]) -> int:
    s = 0
    for i, x in zip(range(100, 0, -7), a):
        s += i * x
    return s


def zip_tuple_target(a: List[int], b: List[float]) -> float:
    s = 0.0
    for t in zip(a, b):
        s += t[0] - t[1]
    return s


# run: dot([1.0, 2.0, 3.0], [4.0, 5.0, 6.0])
# run: dot([1.0, 2.0, 3.0], [4.0])
# run: dot([], [1.0])
# run: three([1, 2, 3], [4, 5], [7, 8, 9])
# run: three([], [], [])
# run: with_range([1, 2, 3])
# run: zip_tuple_target([1, 2, 3], [0.5, 0.25])
