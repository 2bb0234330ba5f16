"""A Tuple[T, ...] kept and replaced in loops: lexicographic search by comparing tuples,
a frontier of tuples, and a while loop over a shrinking tuple."""
from typing import List, Tuple


def best(rows: List[List[int]]) -> Tuple[int, ...]:
    top = tuple(rows[0]) if rows else ()
    for r in rows:
        t = tuple(r)
        if t > top:
            top = t
    return top


def shrink(n: int) -> int:
    t = tuple(range(n))
    steps = 0
    while t:
        t = t[1:] if t[0] % 2 == 0 else t[:-1]
        steps += 1
    return steps


def frontier(n: int) -> str:
    level: List[Tuple[int, ...]] = [()]
    for _ in range(n):
        level = [t + (d,) for t in level for d in (0, 1)]
    return f"{len(level)} {level[:3]} {level[-1]}"


# run: best([[1, 2], [1, 3], [0, 9, 9]])
# run: best([[5]])
# run: best([])
# run: shrink(5)
# run: shrink(0)
# run: frontier(3)
# run: frontier(0)
