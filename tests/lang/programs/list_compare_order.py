"""Lists compare lexicographically, nested too; == and in on nested lists."""
from typing import List


def order(a: List[int], b: List[int]) -> List[bool]:
    return [a < b, a <= b, a > b, a >= b, a == b, a != b]


def nested(n: int) -> List[bool]:
    x = [[1, 2], [3]]
    y = [[1, 2], [3, n]]
    return [x < y, x == y, x != y, [[1, 2], [3]] == x, [3] in x, [4] in x, x > y]


def strs(a: List[str], b: List[str]) -> bool:
    return a < b


def floats() -> List[bool]:
    return [[1.0, 2.0] < [1.0, 2.5], [0.5] <= [0.5], [2.0] > [1.5, 9.0]]


# run: order([1, 2, 3], [1, 2, 4])
# run: order([1, 2], [1, 2])
# run: order([1, 2], [1])
# run: order([], [0])
# run: nested(0)
# run: strs(["a", "b"], ["a", "c"])
# run: strs(["b"], ["a", "z"])
# run: floats()
