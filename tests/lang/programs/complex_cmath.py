"""cmath sqrt exp log phase polar rect isclose on finite values, CPython's algorithms (the
scalings for tiny and huge arguments included) and errors."""
import cmath
from typing import List


def parts(z: complex) -> List[float]:
    return [z.real, z.imag]


def grid(xs: List[float]) -> List[float]:
    out: List[float] = []
    for a in xs:
        for b in xs:
            z = complex(a, b)
            out = out + parts(cmath.sqrt(z)) + [cmath.phase(z), abs(z)]
            r, phi = cmath.polar(z)
            out = out + [r, phi] + parts(cmath.rect(a, b))
            if a < 700.0:
                out = out + parts(cmath.exp(z))
            if z != 0:
                out = out + parts(cmath.log(z))
    return out


def reals(x: float, n: int) -> List[float]:
    return parts(cmath.sqrt(x)) + parts(cmath.sqrt(n)) + parts(cmath.exp(x)) + parts(cmath.log(n)) + [cmath.pi, cmath.e]


def closeness(a: float, b: float) -> List[bool]:
    z = complex(a, b)
    return [cmath.isclose(z, z * (1 + 1e-10j)), cmath.isclose(z, z + 1e-3), cmath.isclose(z, z + 1e-3, rel_tol=0.01),
            cmath.isclose(z, 0j, abs_tol=10.0), cmath.isnan(z), cmath.isinf(z), cmath.isfinite(z)]


def log_zero(x: float) -> List[float]:
    return parts(cmath.log(complex(x, 0.0)))


def exp_overflow(x: float) -> List[float]:
    return parts(cmath.exp(complex(x, 1.0)))


def direct(z: complex) -> complex:
    return cmath.sqrt(z) + cmath.log(z)


# run: grid([0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 1e-310, 3e-308, 1e300, 1.7e308, 0.75])
# run: reals(-4.0, 10)
# run: closeness(3.0, 4.0)
# run: closeness(math.nan, 1.0)
# run: log_zero(0.0)
# run: exp_overflow(710.0)
# run: direct(3 + 4j)
# run: direct(-1j)
