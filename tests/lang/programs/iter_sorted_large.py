"""sorted on a longer pseudo-random list (merge passes of every width)."""
from typing import List


def lcg_sorted(n: int, seed: int) -> List[int]:
    xs: List[int] = []
    x = seed
    for _ in range(n):
        x = (x * 1103515245 + 12345) % 2147483648
        xs.append(x % 1000)
    ys = sorted(xs)
    for i in range(1, len(ys)):
        assert ys[i - 1] <= ys[i]
    return [ys[0], ys[n // 2], ys[n - 1], sum(ys)]


def neg(x: int) -> int:
    return -x


def check_desc(n: int) -> bool:
    xs = [(i * 37) % 101 for i in range(n)]
    return sorted(xs, key=neg) == sorted(xs, reverse=True)


# run: lcg_sorted(1000, 7)
# run: lcg_sorted(37, 1)
# run: check_desc(500)
