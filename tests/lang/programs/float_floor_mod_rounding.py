"""Float // and % follow CPython's fmod-based algorithm, not floor(a / b)."""
from typing import List


def floordiv_mod(a: float, b: float) -> List[float]:
    return [a // b, a % b]


def table() -> List[float]:
    return [1.0 // 0.1, 1.0 % 0.1, -1.0 // 0.1, -1.0 % 0.1, 0.5 // 0.1, 0.3 // 0.1,
            -1e-20 % 1.0, 1e-20 % -1.0, 7.0 // 0.7, 7.0 % 0.7]


def count_mismatch(n: int) -> int:
    # how often (a // b) * b + a % b fails to reproduce a exactly
    c = 0
    for i in range(1, n):
        a = i * 0.37
        b = 0.1 + (i % 7) * 0.05
        if (a // b) * b + a % b != a:
            c += 1
    return c


# run: floordiv_mod(1.0, 0.1)
# run: floordiv_mod(-1.0, 0.1)
# run: table()
# run: count_mismatch(500)
