"""n-queens by a recursive count over generators of safe columns."""
from typing import List


def safe_columns(queens: List[int], n: int):
    row = len(queens)
    for c in range(n):
        if all(c != q and abs(c - q) != row - r for r, q in enumerate(queens)):
            yield c


def count(queens: List[int], n: int) -> int:
    if len(queens) == n:
        return 1
    total = 0
    for c in safe_columns(queens, n):
        queens.append(c)
        total += count(queens, n)
        queens.pop()
    return total


def solve(n: int) -> int:
    return count([0] * 0, n)


# run: solve(4)
# run: solve(6)
# run: solve(1)
