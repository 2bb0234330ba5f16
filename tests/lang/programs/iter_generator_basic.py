"""Generator functions consumed by for, comprehensions and builtins."""
from typing import List


def count_up(n: int):
    i = 0
    while i < n:
        yield i
        i += 1


def evens(xs: List[int]):
    for x in xs:
        if x % 2 == 0:
            yield x


def use_for(n: int) -> int:
    s = 0
    for v in count_up(n):
        s += v * v
    return s


def use_comp(xs: List[int]) -> List[int]:
    return [e * 10 for e in evens(xs)]


def use_builtins(xs: List[int]) -> List[int]:
    return [sum(evens(xs)), max(evens(xs), default=-1), len(list(evens(xs))), int(any(evens(xs)))]


def as_value(n: int) -> List[int]:
    g = count_up(n)
    return list(g)


# run: use_for(5)
# run: use_for(0)
# run: use_comp([1, 2, 3, 4])
# run: use_builtins([1, 2, 3, 4, 6])
# run: use_builtins([1, 3])
# run: as_value(3)
