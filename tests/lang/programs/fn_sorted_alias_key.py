"""`sorted` through a variable, called with `key=` and `reverse=` (an apply-style call)."""
from typing import List


def by_key(xs: List[int], n: int) -> List[int]:
    f = sorted
    return f(xs + [n], key=lambda x: (x % 3, -x))


def both(xs: List[int]):
    s = sorted
    return s(xs, reverse=True), s(xs, key=abs), s(xs, key=lambda v: -v, reverse=True)


# run: by_key([5, 3, 9, 1], 4)
# run: both([3, -7, 2, 0])
