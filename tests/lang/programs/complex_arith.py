"""complex arithmetic with int and float promotion (CPython 3.11: the other operand becomes
complex(x, 0.0)), Smith's division, unary minus; compared part by part, bit for bit."""
from typing import List


def parts(z: complex) -> List[float]:
    return [z.real, z.imag]


def grid(xs: List[float]) -> List[float]:
    out: List[float] = []
    for a in xs:
        for b in xs:
            z = complex(a, b)
            w = complex(b, -a) + 0.5
            out = out + parts(z + w) + parts(z - w) + parts(z * w) + parts(-z) + parts(z * 2) + parts(3 - z)
            if w != 0:
                out = out + parts(z / w)
            out = out + parts(z / 4.0) + parts(1 / (z + 1j))
    return out


def mixed(n: int, x: float, t: bool) -> List[float]:
    z = 1.5 - 2.5j
    return parts(z + n) + parts(n * z) + parts(x / z) + parts(z - t) + parts(z * t) + parts(n - z)


def augmented(n: int) -> List[float]:
    z = 1j
    acc = 0j
    for i in range(n):
        acc += z
        z *= 1.1 + 0.3j
        acc -= i
        acc /= 1.01
    return parts(acc)


# run: grid([0.0, -0.0, 1.0, -2.5, 0.1, 3e-310, 1e300, -7.0])
# run: mixed(3, 0.25, True)
# run: augmented(50)
