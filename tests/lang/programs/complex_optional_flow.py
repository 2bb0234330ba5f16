"""complex values through branches, loops with break, conditional expressions and calls
with defaults."""
from typing import List


def step(z: complex, c: complex = 0.5j) -> complex:
    return z * z + c


def orbit(a: float, b: float, limit: int) -> List[float]:
    z = complex(a, b)
    n = 0
    while True:
        if abs(z) > 2.0 or n >= limit:
            break
        z = step(z) if n % 2 == 0 else step(z, -0.25 + 0j)
        n += 1
    w = z if z.real > 0 else -z
    return [float(n), w.real, w.imag]


# run: orbit(0.1, 0.1, 50)
# run: orbit(1.0, 1.0, 50)
