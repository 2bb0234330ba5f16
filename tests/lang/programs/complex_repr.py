"""repr/str/print/f-strings of complex as CPython writes them: (1+2j), 2j, -0j, (-0-0j),
parts without '.0', nan and inf."""
from typing import List


def reprs(xs: List[float]) -> List[str]:
    out: List[str] = []
    for a in xs:
        for b in xs:
            z = complex(a, b)
            out.append(repr(z))
            out.append(str(-z))
    return out


def literals() -> List[str]:
    return [repr(1j), repr(2.5j), repr(-0j), repr(0j), repr(1 + 2j), repr(1e16j), repr(-1e-7 + 0j),
            str(complex()), str(complex(3)), str(complex(-0.0, -0.0)), repr((1 + 2j).conjugate())]


def printed(a: float, b: float) -> str:
    z = complex(a, b)
    print(z, [1], z * z, -z)
    return f"z={z} w={z + 1!r} {z.real} {abs(z)}"


# run: reprs([0.0, -0.0, 1.0, -1.5, 100.0, 1e16, 1e-5, 123456789.25, math.inf, -math.inf, math.nan])
# run: literals()
# run: printed(3.0, -4.0)
# run: printed(-0.0, 0.0)
