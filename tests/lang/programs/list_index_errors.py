"""Out-of-range indexing raises IndexError with CPython's messages."""
from typing import List


def read(xs: List[int], i: int) -> int:
    return xs[i]


def write(xs: List[float], i: int, v: float) -> List[float]:
    xs[i] = v
    return xs


def walk_past_end(n: int) -> int:
    xs = [0] * n
    total = 0
    i = 0
    while True:
        total += xs[i] + i
        i += 1
    return total


def pop_empty() -> bool:
    xs = [True]
    xs.pop()
    return xs.pop()


# run: read([1, 2, 3], 3)
# run: read([1, 2, 3], -4)
# run: read([1, 2, 3], -3)
# run: read([], 0)
# run: write([1.0, 2.0], 2, 5.0)
# run: write([1.0, 2.0], -3, 5.0)
# run: write([1.0, 2.0], -2, 5.0)
# run: walk_past_end(5)
# run: pop_empty()
