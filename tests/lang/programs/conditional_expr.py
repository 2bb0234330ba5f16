"""x if c else y, nested and inside other expressions; only the chosen arm runs."""
from typing import List


def sign(x: int) -> int:
    return 1 if x > 0 else -1 if x < 0 else 0


def clamp(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else (hi if x > hi else x)


def safe_div(a: int, b: int) -> int:
    return a // b if b != 0 else 0


def signs(xs: List[int]) -> List[int]:
    return [sign(x) * (2 if x % 2 == 0 else 3) for x in xs]


def abs_diff(a: float, b: float) -> float:
    return (a - b) if a > b else (b - a)


# run: sign(7)
# run: sign(-7)
# run: sign(0)
# run: clamp(2.5, 0.0, 1.0)
# run: clamp(-2.5, 0.0, 1.0)
# run: clamp(0.25, 0.0, 1.0)
# run: safe_div(7, 0)
# run: safe_div(-7, 2)
# run: signs([-3, -2, 0, 5, 8])
# run: abs_diff(1.5, 4.0)
