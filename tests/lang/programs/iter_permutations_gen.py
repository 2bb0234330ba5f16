"""All permutations from a generator (Heap's algorithm, iterative), counted and checked."""
from typing import List


def permutations(n: int):
    a = list(range(n))
    c = [0] * n
    yield a.copy()
    i = 1
    while i < n:
        if c[i] < i:
            if i % 2 == 0:
                a[0], a[i] = a[i], a[0]
            else:
                a[c[i]], a[i] = a[i], a[c[i]]
            yield a.copy()
            c[i] += 1
            i = 1
        else:
            c[i] = 0
            i += 1


def count(n: int) -> int:
    k = 0
    for p in permutations(n):
        k += 1
    return k


def signature(n: int) -> int:
    h = 0
    for p in permutations(n):
        for i, v in enumerate(p):
            h = (h * 31 + v * (i + 1)) % 1000003
    return h


# run: count(4)
# run: count(1)
# run: signature(5)
