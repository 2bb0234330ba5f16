"""enumerate of zip, zip of enumerate, and zip inside a generator expression."""
from typing import List


def enum_zip(a: List[int], b: List[int]) -> int:
    s = 0
    for i, (x, y) in enumerate(zip(a, b)):
        s += i * (x - y)
    return s


def zip_enum(a: List[int], b: List[float]) -> float:
    s = 0.0
    for (i, x), y in zip(enumerate(a), b):
        s += i * x * y
    return s


def gen_zip(a: List[float], b: List[float]) -> float:
    return sum(x * y for x, y in zip(a, b))


# run: enum_zip([5, 6, 7], [1, 1])
# run: zip_enum([1, 2, 3], [0.5, 2.0, 4.0])
# run: gen_zip([1.0, 2.0], [3.0, 4.0, 5.0])
