# Recursive generators: the inner call of a generator that iterates over itself is a
# generator object (its frame holds the inner one's), inlined or kept as a value outside.
from typing import List


def walk(n: int):
    if n > 0:
        yield n
        yield from walk(n - 1)
        yield -n


def total(n: int) -> int:
    return sum(walk(n))


def listed(n: int) -> List[int]:
    return [x for x in walk(n)]


def tree(lo: int, hi: int):
    if lo < hi:
        mid = (lo + hi) // 2
        yield from tree(lo, mid)
        yield mid
        yield from tree(mid + 1, hi)


def inorder(n: int) -> List[int]:
    g = tree(0, n)
    return list(g)

# run: total(4)
# run: listed(3)
# run: inorder(10)
# run: total(0)
