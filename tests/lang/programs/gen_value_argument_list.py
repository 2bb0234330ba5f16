# Generator objects passed as arguments (the callee advances the caller's generator) and
# stored in a list, advanced round-robin.
from typing import List


def multiples(k: int, limit: int):
    x = k
    while x <= limit:
        yield x
        x += k


def take(g, n: int) -> List[int]:
    out = []
    for _ in range(n):
        out.append(next(g))
    return out


def passed_on(k: int) -> List[int]:
    g = multiples(k, 1000)
    first = take(g, 3)
    second = take(g, 2)
    return first + [-1] + second


def round_robin(limit: int) -> List[int]:
    gens = [multiples(2, limit), multiples(3, limit), multiples(5, limit)]
    out = []
    alive = True
    while alive:
        alive = False
        for g in gens:
            v = next(g, 0)
            if v:
                out.append(v)
                alive = True
    return out


# run: passed_on(7)
# run: round_robin(12)
