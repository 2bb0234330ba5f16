"""sort with a key is stable, also reversed (equal keys keep their order)."""
from typing import List, Tuple


def mod3(x: int) -> int:
    return x % 3


def by_mod(xs: List[int]) -> List[int]:
    xs.sort(key=mod3)
    return xs


def by_mod_rev(xs: List[int]) -> List[int]:
    xs.sort(key=mod3, reverse=True)
    return xs


def length(s: str) -> int:
    return len(s)


def words(ws: List[str]) -> List[str]:
    ws.sort(key=length)
    return ws


def pairs(ps: List[Tuple[int, int]]) -> List[Tuple[int, int]]:
    ps.sort()
    return ps


# run: by_mod([5, 3, 4, 9, 1, 6, 7])
# run: by_mod_rev([5, 3, 4, 9, 1, 6, 7])
# run: words(["ccc", "a", "bb", "d", "ee"])
# run: pairs([(2, 1), (1, 5), (2, 0), (1, 4)])
