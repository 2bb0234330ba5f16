"""f-strings with e/E/g/G specs."""
from typing import List


def exps(xs: List[float]) -> List[str]:
    out: List[str] = []
    for x in xs:
        out.append(f"{x:e}|{x:.2e}|{x:E}|{x:.3E}|{x:12.4e}")
        out.append(f"{x:g}|{x:.10g}|{x:G}|{x:.2g}|{x:#g}|{x:.0e}")
    return out


# run: exps([0.0, -0.0, 1.0, 123456.0, 1234567.0, 0.0001, 0.00001, 1e100, -2.5e-300, 6.02214076e23])
# run: exps([math.inf, -math.inf, math.nan, 0.1, 1 / 3, 5e-324])
