"""Float // and % follow Python: floor, result of % has the sign of the divisor."""
import math
from typing import List


def fdiv_mod(a: float, b: float) -> List[float]:
    return [a // b, a % b]


def signs(a: float, b: float) -> List[float]:
    out: List[float] = []
    for sa in (1.0, -1.0):
        for sb in (1.0, -1.0):
            out.append((sa * a) // (sb * b))
            out.append((sa * a) % (sb * b))
    return out


def zero_signs() -> List[float]:
    # results that are zero keep a sign: 0.0 % -5.0 is -0.0, -0.0 % 5.0 is 0.0
    return [0.0 % -5.0, -0.0 % 5.0, 6.0 % -3.0, -6.0 % 3.0, -0.0 // 5.0, 0.0 // -5.0]


def with_inf() -> List[float]:
    return [5.0 // math.inf, -5.0 // math.inf, 5.0 % math.inf, -5.0 % math.inf,
            5.0 % -math.inf, math.inf % 5.0]


def mixed_int_float(a: int, b: float) -> List[float]:
    return [a // b, a % b, b // a, b % a]


# run: fdiv_mod(7.5, 2.0)
# run: fdiv_mod(-7.5, 2.0)
# run: fdiv_mod(7.5, -2.0)
# run: fdiv_mod(-7.5, -2.0)
# run: fdiv_mod(0.3, 0.1)
# run: fdiv_mod(1e300, 1e-300)
# run: signs(10.25, 0.5)
# run: signs(3.0, 7.0)
# run: zero_signs()
# run: with_inf()
# run: mixed_int_float(-7, 2.5)
# run: mixed_int_float(9, -0.75)
