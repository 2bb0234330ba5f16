"""[x] * n for ints, floats and bools, including n == 0 and n < 0."""
from typing import List


def zeros(n: int) -> List[int]:
    return [0] * n


def fill(v: float, n: int) -> List[float]:
    return [v] * n


def flags(n: int) -> List[bool]:
    return [False] * n


def histogram(n: int, buckets: int) -> List[int]:
    counts = [0] * buckets
    for i in range(n):
        counts[(i * i + 3 * i) % buckets] += 1
    return counts


def independent(n: int) -> List[int]:
    # elements of [0] * n are separate slots
    xs = [0] * n
    xs[0] = 5
    xs[n - 1] += 2
    return xs


# run: zeros(5)
# run: zeros(0)
# run: zeros(-3)
# run: fill(1.5, 3)
# run: fill(-0.0, 2)
# run: flags(4)
# run: histogram(100, 7)
# run: independent(4)
