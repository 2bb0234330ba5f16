"""list(...) and tuple(...) of iterables."""
from typing import List, Tuple


def copy_of(xs: List[int]) -> List[int]:
    ys = list(xs)
    ys.append(99)
    return xs + ys


def from_range(n: int) -> List[int]:
    return list(range(n, 0, -2))


def from_gen(xs: List[int]) -> List[float]:
    return list(x / 4 for x in xs)


def empty() -> List[float]:
    out: List[float] = list()
    out.append(1.5)
    return out


def tup3() -> Tuple[int, int, int]:
    return tuple(range(3))


def tup_map() -> Tuple[int, int]:
    return tuple(x * x for x in range(5, 7))


def tup_same() -> Tuple[int, float]:
    t = (1, 2.5)
    return tuple(t)


def tup_enumerated() -> Tuple[int, int, int]:
    return tuple(map(abs, (-1, 2, -3)))


# run: copy_of([1, 2])
# run: from_range(7)
# run: from_range(0)
# run: from_gen([1, 2, 3])
# run: empty()
# run: tup3()
# run: tup_map()
# run: tup_same()
# run: tup_enumerated()
