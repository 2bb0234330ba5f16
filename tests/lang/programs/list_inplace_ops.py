"""xs += it and xs *= n change the list itself (aliases see it); xs + ys, xs * n copy."""
from typing import List


def plus_eq(n: int) -> List[int]:
    xs = [1, 2]
    ys = xs
    xs += [n]
    xs += range(2)
    return ys


def times_eq(n: int) -> List[int]:
    xs = [1, 2]
    ys = xs
    xs *= n
    return ys


def copies(n: int) -> List[List[int]]:
    row = [0]
    grid = [row] * n
    grid[0].append(1)          # the same row n times, as in CPython
    both = grid + [[5]]
    return both


# run: plus_eq(3)
# run: times_eq(3)
# run: times_eq(0)
# run: copies(3)
