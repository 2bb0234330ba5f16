"""z ** w as CPython's complex_pow: repeated squaring for integral exponents up to 100,
the polar form otherwise; 0 ** negative is ZeroDivisionError, overflow OverflowError."""
from typing import List


def parts(z: complex) -> List[float]:
    return [z.real, z.imag]


def powers(xs: List[float]) -> List[float]:
    out: List[float] = []
    for a in xs:
        z = complex(a, 1.0 - a)
        for e in [0, 1, 2, 3, 7, -1, -2, 100, 101]:
            out = out + parts(z ** e)
        out = out + parts(z ** 0.5) + parts(z ** (1 + 1j)) + parts(2 ** z) + parts(z ** -0.5j)
    return out


def zero_power(e: complex) -> complex:
    return 0j ** e


def overflow(x: float) -> List[float]:
    return parts(complex(x, x) ** 2)


def zero_ok(e: float) -> List[float]:
    return parts(0j ** e)


# run: powers([0.5, 1.0, -2.0, 3.25, 1e-3])
# run: zero_power(-1 + 0j)
# run: zero_power(1j)
# run: zero_power(2 + 0j)
# run: overflow(1e200)
# run: zero_ok(2.0)
# run: zero_ok(0.0)
# run: zero_ok(2.5)
