"""complex values in tuples, passed to and returned from scripted functions, in loops
(a Mandelbrot escape count and a DFT)."""
import cmath
import math
from typing import List, Tuple


def rotate(z: complex, turns: int) -> complex:
    for _ in range(turns):
        z = z * 1j
    return z


def pair(z: complex) -> Tuple[complex, float]:
    return z * z, abs(z)


def use(a: float, b: float) -> List[float]:
    z = rotate(complex(a, b), 3)
    sq, m = pair(z)
    t = (z, sq)
    return [z.real, z.imag, sq.real, sq.imag, m, t[1].imag]


def mandelbrot(w: int, h: int, limit: int) -> List[int]:
    counts: List[int] = []
    for j in range(h):
        for i in range(w):
            c = complex(-2.0 + 2.5 * i / w, -1.25 + 2.5 * j / h)
            z = 0j
            n = 0
            while n < limit and abs(z) <= 2.0:
                z = z * z + c
                n += 1
            counts.append(n)
    return counts


def dft_power(n: int) -> List[float]:
    out: List[float] = []
    for k in range(n):
        acc = 0j
        for t in range(n):
            x = math.sin(2 * math.pi * 3 * t / n) + 0.5 * math.cos(2 * math.pi * 5 * t / n)
            acc += x * cmath.exp(complex(0.0, -2 * math.pi * k * t / n))
        out.append(abs(acc))
    return out


# run: use(1.5, -2.0)
# run: mandelbrot(24, 12, 40)
# run: dft_power(16)
