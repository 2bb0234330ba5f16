"""xs.sort(key=..., reverse=...): stable, in place, seen through aliases."""
from typing import List, Tuple


def neg(x: int) -> int:
    return -x


def second(p: Tuple[int, str]) -> int:
    return p[0] % 3


def plain(xs: List[int]) -> List[int]:
    ys = xs
    xs.sort()
    return ys


def keyed(xs: List[int]) -> List[int]:
    xs.sort(key=neg)
    return xs


def rev(xs: List[float]) -> List[float]:
    xs.sort(reverse=True)
    return xs


def stable(n: int) -> List[Tuple[int, str]]:
    ps = [(i, str(i)) for i in range(n)]
    ps.sort(key=second, reverse=True)
    return ps


def words() -> List[str]:
    ws = ["pear", "apple", "fig"]
    ws.sort()
    return ws


# run: plain([3, 1, 2, 1])
# run: keyed([3, 1, 2])
# run: rev([0.5, 2.0, -1.0])
# run: stable(7)
# run: words()
