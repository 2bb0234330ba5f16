"""factorial, comb, perm: CPython's values and errors (negative arguments)."""
import math
from typing import List


def table(n: int) -> List[int]:
    out: List[int] = []
    for i in range(n + 1):
        out.append(math.factorial(i))
        for k in range(i + 2):
            out.append(math.comb(i, k))
            out.append(math.perm(i, k))
        out.append(math.perm(i))
    return out


def big_comb(n: int, k: int) -> int:
    return math.comb(n, k)


def bad_factorial(n: int) -> int:
    return math.factorial(n)


def bad_comb(n: int, k: int) -> int:
    return math.comb(n, k)


def bad_perm(n: int, k: int) -> int:
    return math.perm(n, k)


# run: table(12)
# run: big_comb(60, 30)
# run: big_comb(62, 31)
# run: big_comb(1000, 3)
# run: big_comb(5, 7)
# run: bad_factorial(-1)
# run: bad_comb(-3, 1)
# run: bad_comb(3, -1)
# run: bad_perm(-3, 1)
# run: bad_perm(4, -2)
