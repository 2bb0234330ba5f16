"""== and != on lists compare lengths and elements."""
from typing import List


def eq(a: List[int], b: List[int]) -> List[bool]:
    return [a == b, a != b, b == a]


def float_eq(a: List[float], b: List[float]) -> bool:
    return a == b


def bool_eq(a: List[bool], b: List[bool]) -> bool:
    return a == b


def built_equal(n: int) -> bool:
    xs: List[int] = []
    for i in range(n):
        xs.append(i * 2)
    return xs == [i + i for i in range(n)]


# run: eq([1, 2, 3], [1, 2, 3])
# run: eq([1, 2, 3], [1, 2, 4])
# run: eq([1, 2], [1, 2, 3])
# run: eq([], [])
# run: float_eq([0.0, 1.5], [-0.0, 1.5])
# run: float_eq([0.30000000000000004], [0.3])
# run: bool_eq([True, False], [True, False])
# run: bool_eq([True], [False])
# run: built_equal(20)
