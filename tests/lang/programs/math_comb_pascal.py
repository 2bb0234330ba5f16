"""Pascal's triangle from comb and the row recurrence; perm counts; factorial ratios."""
import math
from typing import List


def row_check(n: int) -> int:
    bad = 0
    for r in range(n):
        c = 1
        for k in range(r + 1):
            if c != math.comb(r, k):
                bad += 1
            c = c * (r - k) // (k + 1)
    return bad


def counts(n: int) -> List[int]:
    return [math.perm(n, k) // math.factorial(k) - math.comb(n, k) for k in range(n + 1)]


def central(n: int) -> List[int]:
    return [math.comb(2 * k, k) for k in range(n)]


# run: row_check(40)
# run: counts(15)
# run: central(33)
