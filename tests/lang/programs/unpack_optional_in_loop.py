"""`for a, b in xs` over a list of Optional tuples: each item unpacks, None raises
CPython's TypeError."""
from typing import List, Optional, Tuple


def sum_pairs(n: int) -> int:
    xs: List[Optional[Tuple[int, int]]] = [(1, 2), (3, 4)]
    if n > 0:
        xs.append(None)
    s = 0
    for a, b in xs:
        s += a * b
    return s


def first_pair(n: int) -> int:
    xs = [(9, 4), None]
    a, b = xs[n]
    return a - b


# run: sum_pairs(0)
# run: sum_pairs(1)
# run: first_pair(0)
# run: first_pair(1)
