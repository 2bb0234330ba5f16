"""Ordering lists of lists and of str lexicographically; min and max of lists."""
from typing import List


def order(m: List[List[int]]) -> List[List[int]]:
    return sorted(m)


def extremes(m: List[List[int]]) -> List[List[int]]:
    return [min(m), max(m)]


def strs(ws: List[List[str]]) -> List[bool]:
    return [ws[0] < ws[1], ws[0] <= ws[0], ws[1] > ws[0], ws[0] >= ws[1]]


# run: order([[2, 1], [1, 5, 0], [1, 5], [], [2]])
# run: extremes([[3], [1, 2], [1, 2, 0], [3, -1]])
# run: strs([["a", "b"], ["a", "c"]])
