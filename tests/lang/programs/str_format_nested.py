"""Nested replacement fields in a spec, the {x=} form, expressions inside fields."""
from typing import List


def table(xs: List[float], width: int, prec: int) -> List[str]:
    out: List[str] = []
    for i in range(len(xs)):
        out.append(f"{i:>{width}}: {xs[i]:{width}.{prec}f} {'neg' if xs[i] < 0 else 'pos'}")
    return out


def debug(n: int, s: str) -> str:
    return f"{n=} {s=} {n + 1=} {n * 2 = } {len(s)=:>4}"


# run: table([1.5, -2.25, 100.0], 8, 2)
# run: table([0.001, 12345.6789], 3, 0)
# run: debug(5, "ab")
