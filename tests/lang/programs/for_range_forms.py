"""range with one, two and three arguments, positive and negative steps, empty ranges."""
from typing import List


def one_arg(n: int) -> List[int]:
    return [i for i in range(n)]


def two_args(a: int, b: int) -> List[int]:
    out: List[int] = []
    for i in range(a, b):
        out.append(i)
    return out


def three_args(a: int, b: int, s: int) -> List[int]:
    out: List[int] = []
    for i in range(a, b, s):
        out.append(i)
    return out


def total(a: int, b: int, s: int) -> int:
    t = 0
    for i in range(a, b, s):
        t += i
    return t


def range_len_bound(n: int) -> int:
    # the bound is evaluated once, even though n changes in the body
    count = 0
    for i in range(n):
        n += 1
        count += 1
    return count * 1000 + n


# run: one_arg(5)
# run: one_arg(0)
# run: one_arg(-3)
# run: two_args(-3, 4)
# run: two_args(5, 2)
# run: three_args(0, 10, 3)
# run: three_args(10, 0, -3)
# run: three_args(10, -1, -1)
# run: three_args(0, 10, -1)
# run: three_args(-5, -20, -4)
# run: three_args(3, 4, 100)
# run: total(0, 1000, 7)
# run: total(1000, 0, -7)
# run: range_len_bound(10)
# run: three_args(0, 10, 0)
