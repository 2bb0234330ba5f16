"""Lists are shared by reference: a callee's append is seen by the caller."""
from typing import List


def fill(xs: List[int], n: int) -> None:
    for i in range(n):
        xs.append(i * i)


def bump_all(xs: List[float]) -> None:
    for i in range(len(xs)):
        xs[i] += 1.0


def caller(n: int) -> List[int]:
    xs: List[int] = []
    fill(xs, n)
    fill(xs, 2)
    return xs


def alias(n: int) -> int:
    a = [1, 2, 3]
    b = a
    b.append(n)
    b[0] = 100
    return len(a) * 1000 + a[0] + a[-1]


def floats_twice(xs: List[float]) -> List[float]:
    bump_all(xs)
    bump_all(xs)
    return xs


# run: caller(4)
# run: alias(7)
# run: floats_twice([0.5, -1.0])
