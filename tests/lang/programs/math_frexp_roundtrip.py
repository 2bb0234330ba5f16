"""frexp/ldexp round trips and exponent counting (binary logarithm of integers)."""
import math
from typing import List


def roundtrip(xs: List[float]) -> int:
    bad = 0
    for x in xs:
        m, e = math.frexp(x)
        if math.ldexp(m, e) != x:
            bad += 1
    return bad


def bit_length(ns: List[int]) -> List[int]:
    out: List[int] = []
    for n in ns:
        m, e = math.frexp(float(n))
        out.append(e)
    return out


def grid(n: int) -> int:
    xs = [(i * 0.37 + 1e-3) * 2.0 ** (i - n) for i in range(2 * n)]
    return roundtrip(xs)


# run: roundtrip([1.0, -2.5, 5e-324, 1.7976931348623157e308, 0.1, 3e-310])
# run: bit_length([1, 2, 3, 255, 256, 1023, 1024, 9007199254740993])
# run: grid(500)
