"""Slices with negative steps and out-of-range bounds, read from lists of str and lists."""
from typing import List


def rev_parts(n: int) -> List[List[str]]:
    xs = [str(i) for i in range(n)]
    return [xs[::-1], xs[::-2], xs[-1:-4:-1], xs[2::-1], xs[:2:-1], xs[10:-10:-3], xs[-10:10:-1]]


def step_var(step: int) -> List[int]:
    xs = [1, 2, 3, 4, 5, 6, 7]
    return xs[::step]


def rows(m: List[List[int]]) -> List[List[int]]:
    return m[::-1][1:]


# run: rev_parts(6)
# run: step_var(3)
# run: step_var(-3)
# run: step_var(7)
# run: rows([[1], [2], [3]])
