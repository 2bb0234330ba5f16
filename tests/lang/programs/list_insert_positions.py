"""insert at every position CPython accepts, clamped at both ends."""
from typing import List


def inserts(n: int) -> List[List[int]]:
    out: List[List[int]] = []
    for i in range(-n - 2, n + 3):
        xs = [k for k in range(n)]
        xs.insert(i, 99)
        out.append(xs)
    return out


def build_sorted(xs: List[int]) -> List[int]:
    out: List[int] = []
    for x in xs:
        i = 0
        while i < len(out) and out[i] < x:
            i += 1
        out.insert(i, x)
    return out


# run: inserts(3)
# run: build_sorted([5, 1, 4, 1, 9, 2])
