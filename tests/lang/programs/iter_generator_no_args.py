"""A generator without parameters and one that yields nothing."""
from typing import List


def three():
    yield 1
    yield 2
    yield 3


def none_at_all(n: int):
    for i in range(n):
        if i < 0:
            yield i


def use() -> List[int]:
    out = list(three())
    out.append(sum(three()))
    out.append(len(list(none_at_all(5))))
    out.append(max(none_at_all(3), default=-5))
    return out


# run: use()
