"""== and != of nested lists: lengths, then elements, at every depth."""
from typing import List


def eqs(a: List[List[int]], b: List[List[int]]) -> List[bool]:
    return [a == b, a != b, a[0] == b[0] if a and b else False]


def floats(x: float) -> List[bool]:
    return [[[x]] == [[x]], [[x], []] == [[x]], [[0.0]] == [[-0.0]]]


def deep() -> bool:
    a = [[[1, 2]], [[3]]]
    b = [[[1, 2]], [[3]]]
    b[1][0].append(4)
    return a == b


# run: eqs([[1], [2, 3]], [[1], [2, 3]])
# run: eqs([[1], [2, 3]], [[1], [2, 4]])
# run: eqs([[1]], [[1], []])
# run: floats(2.5)
# run: deep()
