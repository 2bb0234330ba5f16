"""for over a list that grows in the loop body visits the new elements too (CPython)."""
from typing import List


def worklist(start: int) -> List[int]:
    xs = [start]
    for x in xs:
        if x < 50:
            xs.append(x * 2 + 1)
            xs.append(x * 3)
    return xs


def bounded(n: int) -> int:
    xs = [1]
    count = 0
    for x in xs:
        count += 1
        if len(xs) < n:
            xs.append(x + len(xs))
    return count * 1000 + xs[-1]


# run: worklist(1)
# run: worklist(60)
# run: bounded(10)
