# A generator kept in a variable: next(g, default) after it is exhausted, and a default of
# another type (None) making the result Optional.
from typing import List, Optional


def count_to(n: int):
    i = 0
    while i < n:
        yield i
        i += 1


def drain_with_default(n: int, extra: int) -> List[int]:
    g = count_to(n)
    out = []
    for _ in range(n + extra):
        out.append(next(g, -1))
    return out


def first_or_none(n: int) -> Optional[int]:
    g = count_to(n)
    return next(g, None)


# run: drain_with_default(3, 2)
# run: drain_with_default(0, 3)
# run: first_or_none(4)
# run: first_or_none(0)
