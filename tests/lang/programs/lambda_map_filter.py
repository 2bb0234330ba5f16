"""map and filter with lambdas, consumed by list, sum and for."""
from typing import List


def run(xs: List[int], k: int) -> List[int]:
    ys = list(map(lambda x: x * k + 1, xs))
    zs = list(filter(lambda x: x % k == 0, xs))
    total = sum(map(lambda x: x * x, filter(lambda x: x > 0, xs)))
    pairs = list(map(lambda a, b: a - b, xs, ys))
    for v in map(lambda x: x - k, zs):
        total += v
    return ys + zs + pairs + [total]


# run: run([1, 2, 3, 4, 5, 6, -3], 3)
# run: run([], 2)
