"""dict() empty, from a dict, from pairs (zip, enumerate)."""
from typing import Dict, List


def build(words: List[str]) -> int:
    a: Dict[str, int] = dict()
    b = dict(zip(words, range(len(words))))
    c = dict(enumerate(words))
    d = dict(b)
    d["extra"] = 1
    print(a, b, c, len(d), len(b))
    return len(b) + len(c)


# run: build(["x", "y", "x", "z"])
# run: build([])
