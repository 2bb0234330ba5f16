"""count / index / remove / in on lists of lists and of str: by equality."""
from typing import List


def stats(m: List[List[int]]) -> List[int]:
    return [m.count([1, 2]), m.index([3]), m.index([1, 2], 1), int([3] in m), int([9] in m)]


def drop(m: List[List[int]]) -> List[List[int]]:
    m.remove([1, 2])
    return m


def missing(m: List[List[int]]) -> int:
    return m.index([7])


# run: stats([[1, 2], [3], [1, 2]])
# run: drop([[0], [1, 2], [1, 2]])
# run: missing([[1]])
