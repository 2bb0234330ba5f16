"""abs (libm's hypot, as CPython's _Py_c_abs; OverflowError when too large), ==, != with
ints and floats, .real/.imag/.conjugate()."""
from typing import List


def absolutes(xs: List[float]) -> List[float]:
    out: List[float] = []
    for a in xs:
        for b in xs:
            out.append(abs(complex(a, b)))
    return out


def equalities(n: int, x: float) -> List[bool]:
    z = complex(n, 0)
    w = complex(x, -0.0)
    return [z == n, n == z, z != n, w == x, w == complex(x, 0.0), z == w, 1j == 1, 1j != 1j,
            z.conjugate() == z, (1 + 2j).conjugate() == 1 - 2j, complex(x) == x]


def too_large(x: float) -> float:
    return abs(complex(x, x))


def attrs(a: float, b: float) -> List[float]:
    z = complex(a, b)
    c = z.conjugate()
    return [z.real, z.imag, c.real, c.imag, (2 * z).imag, (1j * z).real]


# run: absolutes([0.0, -0.0, 3.0, -4.0, 1e-320, 1e300, 1.5e308, math.inf, -math.inf, math.nan])
# run: equalities(3, 3.0)
# run: equalities(0, -0.0)
# run: too_large(1.5e308)
# run: too_large(1e308)
# run: attrs(1.5, -0.0)
