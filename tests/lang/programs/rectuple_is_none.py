"""`is None` / `is not None` refinement of a recursive tuple's Optional parts: a balanced
search tree of (key, left, right) tuples built from a sorted range, searched in a loop."""
from typing import List


def build(lo: int, hi: int, step: int):
    if lo >= hi:
        return None
    mid = (lo + hi) // 2
    return (mid * step, build(lo, mid, step), build(mid + 1, hi, step))


def contains(t, k: int) -> bool:
    while t is not None:
        key, left, right = t
        if k == key:
            return True
        t = left if k < key else right
    return False


def inorder(t, out: List[int]) -> None:
    if t is not None:
        inorder(t[1], out)
        out.append(t[0])
        inorder(t[2], out)


def search(n: int, probes: List[int]) -> tuple:
    t = build(0, n, 3)
    out: List[int] = []
    inorder(t, out)
    return (out, [contains(t, p) for p in probes], t is None)


def first_key(n: int) -> int:
    t = build(0, n, 1)
    if t is None:
        return -1
    return t[0]


# run: search(7, [0, 1, 3, 6, 9, 18, 21])
# run: search(0, [1])
# run: search(2, [0, 3, 6])
# run: first_key(0)
# run: first_key(10)
