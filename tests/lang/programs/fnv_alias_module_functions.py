# Aliases of module functions and builtins, only called: `sqrt = math.sqrt`,
# `fmt = "{:.2f}".format`, `r = round`.
import math
from typing import List


def norms(xs: List[float]) -> List[float]:
    sqrt = math.sqrt
    r = round
    return [r(sqrt(x), 3) for x in xs]


def formatted(xs: List[float]) -> str:
    fmt = "{:.2f}".format
    return ";".join(fmt(x) for x in xs)


def sorted_alias(xs: List[int]) -> List[int]:
    s = sorted
    return s(xs, reverse=True)


# run: norms([2.0, 9.0])
# run: formatted([1.0, 2.345])
# run: sorted_alias([2, 9, 4])
