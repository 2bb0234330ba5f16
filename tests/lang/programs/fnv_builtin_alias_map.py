# `chunkmap = map` (the Benchmarks Game's binary-trees): the alias is map itself, lazy —
# the function and the loop body interleave as in CPython.
from typing import List


def noisy(x: int) -> int:
    print("f", x)
    return x * 10


def lazy_loop(n: int) -> int:
    chunkmap = map
    total = 0
    for y in chunkmap(noisy, range(n)):
        print("got", y)
        total += y
    return total


def summed(xs: List[int]) -> int:
    m = map
    return sum(m(abs, xs))


def filtered(n: int) -> List[int]:
    keep = filter
    return list(keep(lambda v: v % 3 == 0, range(n)))


# run: lazy_loop(3)
# run: summed([-1, 2, -3])
# run: filtered(10)
