"""format(value, spec) over a corpus of values and specs chosen at run time, against CPython."""
from typing import List


def ints(ns: List[int], specs: List[str]) -> List[str]:
    out: List[str] = []
    for spec in specs:
        for n in ns:
            out.append(format(n, spec))
    return out


def floats(xs: List[float], specs: List[str]) -> List[str]:
    out: List[str] = []
    for spec in specs:
        for x in xs:
            out.append(format(x, spec))
    return out


def strs(ss: List[str], specs: List[str]) -> List[str]:
    out: List[str] = []
    for spec in specs:
        for s in ss:
            out.append("[" + format(s, spec) + "]")
    return out


# run: ints([0, 1, -1, 42, -42, 255, 65535, 1000000, -9223372036854775807, 9223372036854775807], ["", "d", "5d", "<6", "^7", ">8", "+d", " d", "05d", "x", "X", "#x", "#o", "b", "#b", ",", "_", "_x", "=+9", "*^11,", "08.2f", "e", "%", "g", ".3e"])
# run: floats([0.0, -0.0, 1.0, -1.5, 0.1, 1 / 3, 2 / 3, 1e16, 1e-5, 123456.789, 1e300, 5e-324, math.inf, -math.inf, math.nan], ["", ".0f", ".1f", ".3f", ".10f", "e", ".0e", ".3E", "g", ".3g", ".12g", "G", "%", ".2%", ",", ",.2f", "_.1f", "+.2f", " .2f", "012.3f", "<12", ">12.2", "^12.4g", "*>10.1f", "#.0f", "#g", ".3", ".1"])
# run: strs(["", "a", "héllo", "日本"], ["", "s", "5", "<5", ">5", "^5", "*^6", ".1", "8.3", "-<4"])
