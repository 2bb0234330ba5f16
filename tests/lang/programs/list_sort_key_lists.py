"""sort and sorted of lists of lists, and by keys that are str or lists."""
from typing import List


def first_word(ws: List[str]) -> str:
    return ws[0]


def by_first(m: List[List[str]]) -> List[List[str]]:
    m.sort(key=first_word)
    return m


def rows(m: List[List[int]]) -> List[List[int]]:
    m.sort(reverse=True)
    return m


def tail(xs: List[int]) -> List[int]:
    return xs[1:]


def by_tail(m: List[List[int]]) -> List[List[int]]:
    return sorted(m, key=tail)


# run: by_first([["b", "x"], ["a"], ["c"], ["a", "z"]])
# run: rows([[1, 2], [1], [3], [1, 2, 0], []])
# run: by_tail([[9, 3], [1, 2, 5], [0, 2], [4]])
