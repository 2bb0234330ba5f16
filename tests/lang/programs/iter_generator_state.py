"""A generator keeps its local state between yields (Fibonacci, running sums)."""
from typing import List


def fib():
    a = 0
    b = 1
    while True:
        yield a
        a, b = b, a + b


def first_fibs(n: int) -> List[int]:
    out: List[int] = []
    for v in fib():
        if len(out) == n:
            break
        out.append(v)
    return out


def running(xs: List[float]):
    total = 0.0
    for x in xs:
        total += x
        yield total


def prefix_sums(xs: List[float]) -> List[float]:
    return list(running(xs))


def first_over(xs: List[float], limit: float) -> float:
    for s in running(xs):
        if s > limit:
            return s
    return -1.0


# run: first_fibs(10)
# run: first_fibs(0)
# run: prefix_sums([1.0, 2.5, -0.5])
# run: first_over([1.0, 2.0, 3.0], 2.5)
# run: first_over([1.0], 2.5)
