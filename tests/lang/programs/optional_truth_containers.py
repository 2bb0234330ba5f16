"""The truth of an Optional string or container: None is false, else the value's own truth
(an empty string, list, dict or set is false too), and `x or default` passes the value on
only when it is present and true - as CPython reads `if name:` and `names or []`."""
from typing import Dict, List, Optional, Set, Tuple

import numpy as np


def name_length(s: Optional[str]) -> int:
    if s:
        return len(s)
    return -1


def count_or_zero(xs: Optional[List[int]]) -> int:
    if not xs:
        return 0
    return len(xs) + xs[0]


def total(xs: Optional[List[float]]) -> float:
    t = 0.0
    for x in xs or [1.5, 2.5]:
        t += x
    return t


def greeting(name: Optional[str]) -> str:
    return "hello " + (name or "world")


def lookup(d: Optional[Dict[str, int]], key: str) -> int:
    if d and key in d:
        return d[key]
    return -1


def seen_any(s: Optional[Set[int]]) -> bool:
    return bool(s) if s is not None else False


def pair_sum(p: Optional[Tuple[int, int]]) -> int:
    if p:
        return p[0] + p[1]
    return 0


def first_words(lines: List[str]) -> List[str]:
    # an Optional[str] local refined by truth inside a loop
    out: List[str] = []
    for line in lines:
        w: Optional[str] = None
        parts = line.split()
        if parts:
            w = parts[0]
        if w:
            out.append(w.upper())
    return out


# run: name_length(None)
# run: name_length("")
# run: name_length("abc")
# run: count_or_zero(None)
# run: count_or_zero([])
# run: count_or_zero([5, 6])
# run: total(None)
# run: total([])
# run: total([0.25, 0.5])
# run: greeting(None)
# run: greeting("")
# run: greeting("ann")
# run: lookup(None, "a")
# run: lookup({}, "a")
# run: lookup({"a": 3}, "a")
# run: pair_sum(None)
# run: pair_sum((2, 3))
# run: first_words(["a b", "", "  ", "cd e"])
# run: seen_any(None)
# run: seen_any({1})


def maybe_array(n: int) -> float:
    # an Optional[np.ndarray] annotation takes an Optional array of any dtype and rank
    x: Optional[np.ndarray] = None if n < 0 else np.ones(n)
    if x is None:
        return -1.0
    return float(x.sum())


# run: maybe_array(-1)
# run: maybe_array(3)
