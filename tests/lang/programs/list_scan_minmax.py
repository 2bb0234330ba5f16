"""Manual sum / min / max / argmax over lists (no sum() builtin)."""
from typing import List, Tuple


def stats(xs: List[float]) -> Tuple[float, float, float]:
    lo = xs[0]
    hi = xs[0]
    s = 0.0
    for x in xs:
        lo = min(lo, x)
        hi = max(hi, x)
        s += x
    return lo, hi, s / len(xs)


def argmax(xs: List[int]) -> int:
    best = 0
    for i in range(1, len(xs)):
        if xs[i] > xs[best]:
            best = i
    return best


def running_max(xs: List[int]) -> List[int]:
    out: List[int] = []
    cur = xs[0]
    for x in xs:
        cur = max(cur, x)
        out.append(cur)
    return out


# run: stats([3.0, -1.5, 8.25, 0.0])
# run: stats([2.0])
# run: stats([])
# run: argmax([3, 9, 2, 9, 1])
# run: running_max([1, 3, 2, 5, 4])
