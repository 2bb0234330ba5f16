"""divmod of ints and floats: CPython's signs, -0.0 remainders and its ZeroDivisionError words."""
from typing import List, Tuple


def ints(xs: List[int]) -> List[int]:
    out: List[int] = []
    for a in xs:
        for b in xs:
            if b != 0:
                q, r = divmod(a, b)
                out.append(q)
                out.append(r)
    return out


def floats(xs: List[float]) -> List[float]:
    out: List[float] = []
    for a in xs:
        for b in xs:
            if b != 0.0:
                q, r = divmod(a, b)
                out.append(q)
                out.append(r)
    return out


def mixed(a: int, b: float):
    return divmod(a, b), divmod(b, a), divmod(True, 2)


def by_zero_int(a: int) -> Tuple[int, int]:
    return divmod(a, 0)


def by_zero_float(a: float) -> Tuple[float, float]:
    return divmod(a, 0.0)


# run: ints([0, 1, -1, 7, -7, 3, -3, 100, 9223372036854775807])
# run: floats([0.0, -0.0, 1.0, -1.0, 7.5, -7.5, 0.1, 3.0, 1e300, 5e-324, math.inf, math.nan])
# run: mixed(7, -2.5)
# run: by_zero_int(5)
# run: by_zero_float(5.0)
