"""divmod in digit and time arithmetic (the everyday uses)."""
from typing import List


def digits(n: int, base: int) -> List[int]:
    out: List[int] = []
    if n == 0:
        return [0]
    while n > 0:
        n, d = divmod(n, base)
        out.append(d)
    return out


def clock(seconds: int) -> str:
    m, s = divmod(seconds, 60)
    h, m = divmod(m, 60)
    d, h = divmod(h, 24)
    return f"{d}d {h:02d}:{m:02d}:{s:02d}"


def negative(a: int) -> List[int]:
    q, r = divmod(a, 7)
    q2, r2 = divmod(a, -7)
    return [q, r, q2, r2]


def float_turns(angle: float) -> List[float]:
    turns, rest = divmod(angle, 360.0)
    return [turns, rest]


# run: digits(9876543210, 10)
# run: digits(255, 2)
# run: clock(200000)
# run: negative(-30)
# run: float_turns(-725.5)
# run: float_turns(1e20)
