"""d.get(k) and d.get(k, None) without a default of the value type: an Optional of the
value type (None for a missing key), tested with `is None`, for int, str, list and tuple
values, in a loop that fills the dict."""
from typing import Dict, List, Optional, Tuple


def first_seen(words: List[str]) -> List[int]:
    pos: Dict[str, int] = {}
    out = []
    for i, w in enumerate(words):
        p = pos.get(w)
        if p is None:
            pos[w] = i
            out.append(-1)
        else:
            out.append(p)
    return out


def lookup(k: str) -> str:
    names = {"a": "alpha", "b": "beta"}
    v = names.get(k, None)
    return "missing" if v is None else v.upper()


def span(k: int) -> Optional[Tuple[int, int]]:
    spans = {1: (0, 4), 2: (4, 9)}
    return spans.get(k)


def grow(n: int) -> int:
    groups: Dict[int, List[int]] = {}
    for i in range(n):
        g = groups.get(i % 3)
        if g is None:
            groups[i % 3] = [i]
        else:
            g.append(i)
    return sum(len(v) * k for k, v in groups.items())


# run: first_seen(["x", "y", "x", "z", "y", "x"])
# run: lookup("a")
# run: lookup("q")
# run: span(2)
# run: span(3)
# run: grow(7)
