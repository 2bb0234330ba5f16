"""Optional[Tuple[int, float]]: a pair or nothing."""
from typing import List, Optional, Tuple


def min_pos(xs: List[float]) -> Optional[Tuple[int, float]]:
    best: Optional[Tuple[int, float]] = None
    best_v = 0.0
    for i in range(len(xs)):
        if best is None or xs[i] < best_v:
            best = (i, xs[i])
            best_v = xs[i]
    return best


def index_of_min(xs: List[float]) -> int:
    r = min_pos(xs)
    if r is None:
        return -1
    i, v = r
    return i


# run: min_pos([3.0, 1.0, 2.0])
# run: min_pos([])
# run: index_of_min([3.0, 1.0, 0.5])
# run: index_of_min([])
