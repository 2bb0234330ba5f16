"""float(s): exponents, inf/nan spellings, whitespace, errors."""
from typing import List


def parse(xs: List[str]) -> List[float]:
    out: List[float] = []
    for s in xs:
        out.append(float(s))
    return out


def one(s: str) -> float:
    return float(s)


# run: parse(["1.5", " -0.0 ", "1e5", "1E-5", "inf", "-Infinity", "+nan", "1_000.5", ".5", "5.", "0"])
# run: one("abc")
# run: one("")
# run: one("1e")
# run: one("nan")
