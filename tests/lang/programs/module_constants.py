"""Module-level number and tuple constants may be read by scripted functions."""
import math
from typing import List

N_STEPS = 8
SCALE = 2.5
NEGATIVE = -3
ENABLED = True
COEFFS = (1.0, -2.0, 0.5)
PRIMES = (2, 3, 5, 7, 11)


def scaled_steps() -> float:
    return N_STEPS * SCALE + NEGATIVE


def poly(x: float) -> float:
    return COEFFS[0] + COEFFS[1] * x + COEFFS[2] * x * x


def prime_product() -> int:
    p = 1
    for q in PRIMES:
        p *= q
    return p if ENABLED else 0


def table() -> List[float]:
    return [poly(i * SCALE) for i in range(N_STEPS)]


def circle(r: float) -> float:
    return math.pi * r * r


# run: scaled_steps()
# run: poly(2.0)
# run: prime_product()
# run: table()
# run: circle(2.5)
