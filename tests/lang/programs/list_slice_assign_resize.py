"""Plain slice assignment grows and shrinks the list; the value is copied first."""
from typing import List


def edits(n: int) -> List[List[int]]:
    out: List[List[int]] = []
    for a, b in [(0, 0), (1, 2), (2, 1), (-2, 100), (-100, 1), (3, 3)]:
        xs = [0, 1, 2, 3]
        xs[a:b] = [n] * n
        out.append(xs)
    return out


def own_copy(n: int) -> List[int]:
    xs = [1, 2, 3]
    xs[1:1] = xs
    xs[:0] = [n]
    return xs


def nested_rows(n: int) -> List[List[int]]:
    m = [[0], [1], [2]]
    m[1:2] = [[n, n], [n]]
    return m


# run: edits(2)
# run: edits(0)
# run: own_copy(9)
# run: nested_rows(4)
