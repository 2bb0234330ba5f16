"""Slices of lists of str and of tuples; slices as values in loops."""
from typing import List, Tuple


def windows(ws: List[str], k: int) -> List[List[str]]:
    return [ws[i:i + k] for i in range(len(ws) - k + 1)]


def halves(ps: List[Tuple[int, str]]) -> Tuple[List[Tuple[int, str]], List[Tuple[int, str]]]:
    h = len(ps) // 2
    return ps[:h], ps[h:][::-1]


# run: windows(["a", "b", "c", "d"], 2)
# run: windows(["a"], 2)
# run: halves([(1, "a"), (2, "b"), (3, "c")])
