"""complex arguments and results across the Python boundary (two f64 slots each)."""
from typing import Tuple


def scale(z: complex, k: float) -> complex:
    return z * k


def swap(z: complex) -> Tuple[float, complex, int]:
    return z.imag, complex(z.imag, z.real), 7


def from_int(n: int, w: complex) -> complex:
    z: complex = n
    return z + w


def inside(a: float, b: float) -> Tuple[float, float]:
    # complex only inside: also an archive that pts-run runs
    z = complex(a, b) * (2 - 1j)
    return z.real, z.imag


def div(a: complex, b: complex) -> complex:
    return a / b


# run: scale(1 + 2j, 0.5)
# run: scale(-0j, -1.0)
# run: swap(3.5 - 1j)
# run: from_int(4, -0j)
# run: inside(1.5, -2.0)
# run: div(1 + 1j, 0j)
# run: div(1 + 1j, 1e-300 + 1e300j)
