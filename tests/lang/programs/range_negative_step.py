"""Counting down with range(hi, lo, -k)."""
from typing import List


def countdown(n: int) -> List[int]:
    return [i for i in range(n, 0, -1)]


def reverse_copy(xs: List[float]) -> List[float]:
    out: List[float] = []
    for i in range(len(xs) - 1, -1, -1):
        out.append(xs[i])
    return out


def stride_down(n: int, k: int) -> int:
    acc = 0
    for i in range(n, -n, -k):
        acc = acc * 3 + i
    return acc


# run: countdown(6)
# run: countdown(0)
# run: reverse_copy([1.5, 2.5, -3.0])
# run: reverse_copy([])
# run: stride_down(10, 3)
# run: stride_down(7, 7)
