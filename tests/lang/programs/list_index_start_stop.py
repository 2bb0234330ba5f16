"""index(x, start, stop) with negative and out-of-range bounds; ValueError as CPython."""
from typing import List


def finds(v: int) -> List[int]:
    xs = [3, 1, 3, 1, 3]
    out: List[int] = []
    for a, b in [(0, 5), (1, 5), (-2, 5), (0, -1), (-100, 100), (2, 3)]:
        if v in xs[a:b]:
            out.append(xs.index(v, a, b))
        else:
            out.append(-1)
    return out


def not_found(v: str) -> int:
    return ["a", "b"].index(v, 1)


def not_found_float(v: float) -> int:
    return [1.5, 2.5].index(v)


# run: finds(3)
# run: finds(1)
# run: not_found("a")
# run: not_found("b")
# run: not_found_float(3.0)
