"""printf-style formatting over a corpus of formats and values."""
from typing import List


def ints(ns: List[int], fmts: List[str]) -> List[str]:
    out: List[str] = []
    for f in fmts:
        for n in ns:
            out.append(f % n)
    return out


def floats(xs: List[float], fmts: List[str]) -> List[str]:
    out: List[str] = []
    for f in fmts:
        for x in xs:
            out.append(f % x)
    return out


# run: ints([0, 7, -7, 255, 123456789], ["%d", "%5d", "%-5d|", "%05d", "%+d", "% d", "%x", "%#x", "%X", "%o", "%#o", "%s", "%r", "%i", "%u", "%e", "%.2f", "<%10s>"])
# run: floats([0.0, -0.0, 0.5, 1 / 3, 1e20, 1e-20, math.inf, math.nan], ["%f", "%.2f", "%10.3f", "%-10.1f|", "%e", "%.3E", "%g", "%G", "%.10g", "%s", "%r", "%+.1f", "%010.2f", "%d", "%%%.1f%%"])
