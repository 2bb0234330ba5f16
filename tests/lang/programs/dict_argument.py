"""Dicts and sets as arguments from Python and as results."""
from typing import Dict, List, Set


def total(d: Dict[str, int]) -> int:
    t = 0
    for k, v in d.items():
        t += len(k) * v
    return t


def invert(d: Dict[str, int]) -> Dict[int, str]:
    return {v: k for k, v in d.items()}


def mutate(d: Dict[int, float]) -> int:
    d[100] = 0.5
    del d[1]
    return len(d)


def lengths(s: Set[str]) -> List[int]:
    return sorted([len(x) for x in s])


# run: total({"ab": 2, "c": 5})
# run: total({})
# run: invert({"a": 1, "b": 2, "c": 1})
# run: mutate({1: 1.5, 2: 2.5})
# run: lengths({"a", "bbb", "cc"})
