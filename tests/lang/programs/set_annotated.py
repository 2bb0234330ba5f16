"""Annotated sets and dicts: Set[int], Dict[str, float]."""
from typing import Dict, Set


def ann(n: int) -> float:
    s: Set[int] = set()
    d: Dict[str, float] = {}
    for i in range(n):
        s.add(i % 4)
        d[str(i % 3)] = i * 0.5
    print(sorted(s), d)
    return d["0"]


# run: ann(7)
