"""Lists of tuples: pairs, `for a, b in pairs`, comprehensions, results to Python."""
from typing import List, Tuple


def pairs(n: int) -> List[Tuple[int, float]]:
    out: List[Tuple[int, float]] = []
    for i in range(n):
        out.append((i, i / 2))
    return out


def weighted(ps: List[Tuple[int, float]]) -> float:
    s = 0.0
    for k, w in ps:
        s += k * w
    return s


def mixed() -> List[Tuple[str, bool, int]]:
    xs = [("a", True, 1), ("bc", False, 2)]
    xs.append(("d", True, 3))
    xs[0] = ("z", False, 0)
    return xs


def swap_all(ps: List[Tuple[int, int]]) -> List[Tuple[int, int]]:
    return [(b, a) for a, b in ps]


def show(n: int) -> None:
    ps = [(i, str(i) * i) for i in range(n)]
    print(ps)
    for i, s in ps:
        print(i, s)


# run: pairs(4)
# run: weighted([(1, 0.5), (2, 0.25), (3, 2.0)])
# run: mixed()
# run: swap_all([(1, 2), (3, 4)])
# run: show(3)
