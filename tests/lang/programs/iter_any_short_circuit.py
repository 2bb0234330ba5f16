"""any/all stop at the first deciding element: later elements are never produced."""
from typing import List


def check(x: int) -> bool:
    print("check", x)
    return x < 0


def first_neg(xs: List[int]) -> bool:
    return any(check(x) for x in xs)


def all_nonneg(xs: List[int]) -> bool:
    return all(not check(x) for x in xs)


def gen(n: int):
    for i in range(n):
        print("yield", i)
        yield i
    print("exhausted")


def any_gen(n: int, k: int) -> bool:
    return any(v == k for v in gen(n))


# run: first_neg([3, -1, 5, -7])
# run: first_neg([3, 5])
# run: all_nonneg([3, -1, 5])
# run: any_gen(5, 2)
# run: any_gen(3, 9)
