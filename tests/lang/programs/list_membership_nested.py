"""`in` / `not in` on lists of lists and tuples."""
from typing import List, Tuple


def member(v: List[int]) -> List[bool]:
    m = [[1, 2], [], [3]]
    return [v in m, v not in m]


def pair_member(a: int, b: str) -> bool:
    ps: List[Tuple[int, str]] = [(1, "x"), (2, "y")]
    return (a, b) in ps


# run: member([1, 2])
# run: member([])
# run: member([2, 1])
# run: pair_member(2, "y")
# run: pair_member(2, "x")
