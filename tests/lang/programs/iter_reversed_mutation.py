"""reversed(list) reads the list as it goes (CPython's list_reverseiterator)."""
from typing import List


def shrink(xs: List[int]) -> List[int]:
    out: List[int] = []
    for x in reversed(xs):
        out.append(x)
        if len(xs) > 2:
            xs.pop()
            xs.pop()
    return out


# run: shrink([1, 2, 3, 4, 5, 6])
# run: shrink([1])
