"""reverse and clear in place: every alias sees it."""
from typing import List


def rev(xs: List[str]) -> List[str]:
    ys = xs
    xs.reverse()
    return ys


def twice(n: int) -> List[int]:
    xs = [i for i in range(n)]
    xs.reverse()
    xs.reverse()
    return xs


def cleared(m: List[List[int]]) -> List[List[int]]:
    row = m[0]
    row.clear()
    m.append(row)
    return m


# run: rev(["a", "b", "c"])
# run: rev([])
# run: twice(5)
# run: cleared([[1, 2], [3]])
