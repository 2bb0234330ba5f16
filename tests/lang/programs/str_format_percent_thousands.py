"""The % presentation type and the thousands separators , and _."""
from typing import List


def seps(xs: List[float], ns: List[int]) -> List[str]:
    out: List[str] = []
    for x in xs:
        out.append(f"{x:%}|{x:.1%}|{x:,}|{x:,.2f}|{x:_.3f}|{x:>15,.1f}")
    for n in ns:
        out.append(f"{n:,}|{n:_}|{n:_x}|{n:>12,}|{n:,d}")
    return out


# run: seps([0.5, 0.125, -0.0001, 1234567.891, 1e9, 0.0], [0, 7, 1000, -1234567, 9223372036854775807])
# run: seps([math.inf, math.nan, 12.5], [10 ** 6, -999])
