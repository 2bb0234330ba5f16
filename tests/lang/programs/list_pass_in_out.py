"""Nested lists passed to and returned from scripted callees keep their identity."""
from typing import List


def add_row(m: List[List[int]], row: List[int]) -> None:
    m.append(row)


def grow(n: int) -> List[List[int]]:
    m: List[List[int]] = []
    row = [0]
    for i in range(n):
        add_row(m, row)
    row.append(1)              # every row is the same list
    return m


def first(m: List[List[int]]) -> List[int]:
    return m[0]


def through(m: List[List[int]]) -> List[List[int]]:
    first(m).append(42)
    return m


# run: grow(3)
# run: through([[1], [2]])
