"""The math functions imported by name (from math import ...), next to math.NAME."""
from math import comb, copysign, erf, fsum, gcd, isclose, isqrt, lcm, ldexp, log1p, perm, prod, trunc
from typing import List


def named(a: int, b: int, x: float) -> List[float]:
    return [float(gcd(a, b)), float(lcm(a, b)), float(comb(a, 3)), float(perm(a, 2)), float(isqrt(a * b)),
            erf(x), log1p(x), copysign(x, -1.0), ldexp(x, a), fsum([x, x, x]), float(prod([a, b])), float(trunc(-x))]


def close(x: float) -> bool:
    return isclose(x, x * (1 + 1e-10), rel_tol=1e-9)


# run: named(12, 18, 0.75)
# run: close(3.0)
