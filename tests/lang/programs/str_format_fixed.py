"""f-strings with fixed-point specs: precision, width, sign, zero padding, nan/inf, -0.0."""
from typing import List


def fixed(xs: List[float]) -> List[str]:
    out: List[str] = []
    for x in xs:
        out.append(f"{x:.3f}|{x:10.2f}|{x:<10.1f}|{x:+.4f}|{x:010.3f}|{x:.0f}|{x: .2f}|{x:f}")
    return out


# run: fixed([0.0, -0.0, 1.5, -1.5, 2.5, 0.125, 1234.5678, -0.0004, 1e10, 1e-10, 3.14159265358979])
# run: fixed([math.inf, -math.inf, math.nan, 1e300, 0.5, 0.05, 0.005, 999.9995])
