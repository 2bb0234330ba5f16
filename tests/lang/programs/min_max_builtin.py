"""min / max with two or more arguments; mixed int/float only inside float arithmetic."""
from typing import List


def ints(a: int, b: int, c: int) -> List[int]:
    return [min(a, b), max(a, b), min(a, b, c), max(a, b, c), max(min(a, b), c)]


def floats(a: float, b: float) -> List[float]:
    return [min(a, b), max(a, b), min(a, b, 0.0), max(a, -a, b, -b)]


def bools(a: bool, b: bool) -> List[bool]:
    return [min(a, b), max(a, b)]


def clamp_all(n: int, lo: int, hi: int) -> List[int]:
    return [max(lo, min(hi, i * 7 % 23 - 11)) for i in range(n)]


def mixed_in_float_context(i: int, x: float) -> float:
    # min/max of an int and a float is float in pts; keep it inside float arithmetic
    return min(i, x) * 1.0 + max(i, x) / 2.0


# run: ints(3, -1, 2)
# run: ints(5, 5, 5)
# run: floats(1.5, -2.5)
# run: floats(-0.5, 0.25)
# run: bools(True, False)
# run: clamp_all(12, -5, 5)
# run: mixed_in_float_context(3, 2.5)
# run: mixed_in_float_context(-3, 2.5)
