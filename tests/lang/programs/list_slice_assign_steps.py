"""Extended slice assignment (steps, negative too) and its size error, as CPython words it."""
from typing import List


def fannkuch_flip(n: int) -> List[int]:
    perm = [i for i in range(n)]
    k = n - 2
    perm[:k + 1] = perm[k::-1]
    return perm


def evens_odds(n: int) -> List[int]:
    xs = [0] * n
    xs[::2] = [1] * ((n + 1) // 2)
    xs[1::2] = [2] * (n // 2)
    return xs


def negative(n: int) -> List[int]:
    xs = [i for i in range(n)]
    xs[::-1] = [i * 10 for i in range(n)]
    return xs


def wrong_size(n: int) -> List[int]:
    xs = [1, 2, 3, 4]
    xs[1::2] = [0] * n
    return xs


def self_assign(n: int) -> List[int]:
    xs = [i for i in range(n)]
    xs[::2] = xs[1::2]
    xs[:] = xs[::-1]
    return xs


# run: fannkuch_flip(6)
# run: evens_odds(7)
# run: negative(5)
# run: wrong_size(2)
# run: wrong_size(3)
# run: self_assign(6)
