"""float('inf'), float('-inf'), float('nan') in any case and with spaces, and math's
constants."""
import math
from typing import List


def parse(words: List[str]) -> List[float]:
    return [float(w) for w in words]


def constants() -> List[float]:
    return [math.inf, -math.inf, math.nan, math.pi, math.e, math.tau, float("inf") - 1e308,
            float(" -Infinity\n"), float("+nan"), float("1e400"), float("-0")]


def compare(x: float) -> List[bool]:
    inf = float("inf")
    nan = float("nan")
    return [x < inf, x > -inf, x == nan, nan != nan, math.isinf(inf), math.isnan(nan), inf == math.inf]


def bad(s: str) -> float:
    return float(s)


# run: parse(["inf", "-inf", "nan", "NaN", "INF", " +Inf ", "-nAn", "infinity", "-INFINITY", "  nan\t"])
# run: constants()
# run: compare(1e308)
# run: bad("infi")
# run: bad("- inf")
