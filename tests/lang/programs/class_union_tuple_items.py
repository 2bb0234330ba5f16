"""Tuples whose item is an Optional: `t = h[1]` tested `is not None` proves the tuple's
item too (pyperformance raytrace's firstIntersection); a tuple item read by index is
used as its value and checked when it runs (None raises CPython's TypeError)."""
from typing import List, Optional, Tuple


def nearest(hits: List[Tuple[str, Optional[float]]]):
    best = None
    for h in hits:
        t = h[1]
        if t is not None and t > 0.0:
            if best is None or t < best[1]:
                best = h
    return best


def name_of(k: int) -> str:
    hits = [("a", 3.0), ("b", None), ("c", 1.5), ("d", -2.0)]
    b = nearest(hits[:k])
    if b is None:
        return "none"
    (name, t) = b
    return f"{name} {t * 2.0}"


def compare(k: int) -> bool:
    pairs = [("x", 1.0), ("y", None)]
    p = pairs[k]
    return 0.5 < p[1]


# run: name_of(0)
# run: name_of(2)
# run: name_of(4)
# run: compare(0)
# run: compare(1)
