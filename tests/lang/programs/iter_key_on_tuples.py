"""key functions over tuples: argmax with enumerate, the closest pair with zip."""
from typing import List, Tuple


def second(p: Tuple[int, float]) -> float:
    return p[1]


def gap(p: Tuple[float, float]) -> float:
    return abs(p[0] - p[1])


def argmax(xs: List[float]) -> int:
    i, _ = max(enumerate(xs), key=second)
    return i


def closest(a: List[float], b: List[float]) -> Tuple[float, float]:
    return min(zip(a, b), key=gap)


def membership(xs: List[int], k: int) -> bool:
    return k in (x * 2 for x in xs)


# run: argmax([1.0, 7.5, 3.0, 7.5])
# run: argmax([])
# run: closest([1.0, 5.0, 9.0], [3.0, 5.5, 1.0])
# run: membership([1, 2, 3], 4)
# run: membership([1, 2, 3], 5)
