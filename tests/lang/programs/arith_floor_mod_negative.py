"""Floor division and modulo of ints round toward negative infinity (Python, not C)."""
from typing import List, Tuple


def floordiv_mod(a: int, b: int) -> Tuple[int, int]:
    return a // b, a % b


def all_signs(a: int, b: int) -> List[int]:
    out: List[int] = []
    for sa in (1, -1):
        for sb in (1, -1):
            x = sa * a
            y = sb * b
            out.append(x // y)
            out.append(x % y)
    return out


def identity_holds(lo: int, hi: int) -> bool:
    # a == (a // b) * b + a % b, and a % b has the sign of b
    for a in range(lo, hi):
        for b in range(-7, 8):
            if b == 0:
                continue
            q = a // b
            r = a % b
            if q * b + r != a:
                return False
            if b > 0 and not (0 <= r < b):
                return False
            if b < 0 and not (b < r <= 0):
                return False
    return True


# run: floordiv_mod(7, 2)
# run: floordiv_mod(-7, 2)
# run: floordiv_mod(7, -2)
# run: floordiv_mod(-7, -2)
# run: floordiv_mod(-1, 10)
# run: floordiv_mod(0, -3)
# run: floordiv_mod(-9223372036854775807, 10)
# run: all_signs(17, 5)
# run: all_signs(6, 3)
# run: identity_holds(-40, 40)
