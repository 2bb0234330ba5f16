"""Comprehensions producing lists of lists, tuples and str; filtering nested data."""
from typing import List, Tuple


def table(n: int) -> List[List[int]]:
    return [[i * j for j in range(1, n + 1)] for i in range(1, n + 1)]


def pairs(n: int) -> List[Tuple[int, int]]:
    return [(i, j) for i in range(n) for j in range(i) if (i + j) % 2]


def nonempty(m: List[List[int]]) -> List[List[int]]:
    return [row for row in m if row]


def lens(m: List[List[int]]) -> List[int]:
    return [len(row) for row in m]


def labels(n: int) -> List[List[str]]:
    return [[str(i)] * i for i in range(n)]


# run: table(3)
# run: pairs(5)
# run: nonempty([[1], [], [2, 3], []])
# run: lens([[1], [], [2, 3]])
# run: labels(4)
