"""Slicing reads with steps (negative too), slice assignment and its errors."""
from typing import List


def reads(n: int) -> List[List[int]]:
    xs = [i for i in range(n)]
    return [xs[1:4], xs[:2], xs[3:], xs[::2], xs[::-1], xs[-2:], xs[5:1:-2], xs[100:], xs[-100:2],
            xs[:], xs[1:-1:3]]


def assign(n: int) -> List[int]:
    perm = [i for i in range(n)]
    k = 3
    perm[:k + 1] = perm[k::-1]
    return perm


def grow_shrink(n: int) -> List[int]:
    xs = [0, 1, 2, 3, 4]
    xs[1:3] = [9, 9, 9, 9]
    xs[5:] = []
    xs[0:0] = [n]
    xs[4:2] = [7]
    return xs


def extended(n: int) -> List[int]:
    xs = [0] * 6
    xs[::2] = [1, 2, 3]
    xs[5:0:-2] = [n, n, n]
    return xs


def extended_bad(n: int) -> List[int]:
    xs = [0] * 6
    xs[::2] = [1] * n
    return xs


def step_zero(s: int) -> List[int]:
    xs = [1, 2, 3]
    return xs[::s]


def nested_slices() -> List[List[int]]:
    m = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    top = m[:2]
    top[0][0] = 100         # the same inner list: m sees it
    return [row[::-1] for row in m] + top


# run: reads(7)
# run: assign(6)
# run: grow_shrink(8)
# run: extended(5)
# run: extended_bad(3)
# run: extended_bad(2)
# run: step_zero(0)
# run: step_zero(-1)
# run: nested_slices()
