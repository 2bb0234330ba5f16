"""Tuples of lists returned to Python: the lists are fresh, or the caller's own."""
from typing import List, Tuple


def partition(xs: List[int], pivot: int) -> Tuple[List[int], List[int], List[str]]:
    lo: List[int] = []
    hi: List[int] = []
    log: List[str] = []
    for x in xs:
        if x < pivot:
            lo.append(x)
            log.append("<" + str(x))
        else:
            hi.append(x)
    return lo, hi, log


def echo(xs: List[int]) -> Tuple[List[int], int]:
    xs.append(0)
    return xs, len(xs)


# run: partition([5, 1, 7, 3, 9], 5)
# run: echo([1, 2])
