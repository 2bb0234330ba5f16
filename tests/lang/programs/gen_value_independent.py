# Two generator objects of one generator function are independent frames.
from typing import List


def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


def interleave(n: int) -> List[int]:
    f = fib()
    g = fib()
    out = []
    for i in range(n):
        out.append(next(f))
        if i % 2 == 0:
            out.append(next(g) * 100)
    return out


def same_after(n: int) -> bool:
    f = fib()
    g = fib()
    xs = [next(f) for _ in range(n)]
    ys = [next(g) for _ in range(n)]
    return xs == ys and f is not g


# run: interleave(7)
# run: same_after(10)
