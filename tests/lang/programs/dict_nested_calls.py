"""Dicts passed to and returned from scripted functions (mutation visible)."""
from typing import Dict


def add_one(d: Dict[str, int], k: str) -> None:
    d[k] = d.get(k, 0) + 1


def make(n: int) -> Dict[str, int]:
    d = {"a": n}
    return d


def caller(n: int) -> int:
    d = make(n)
    for i in range(n):
        add_one(d, "b")
    add_one(d, "a")
    print(d)
    return d["a"] + d["b"]


# run: caller(3)
