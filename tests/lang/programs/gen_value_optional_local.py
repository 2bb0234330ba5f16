# A generator kept as a value whose Optional local is tested (is None / is not None) across
# yields.
from typing import List, Optional


def firsts(xs: List[int]):
    best: Optional[int] = None
    for x in xs:
        if best is None or x > best:
            best = x
            yield best
    if best is not None:
        yield best * 100


def run(xs: List[int]) -> List[int]:
    g = firsts(xs)
    return list(g)

# run: run([3, 1, 4, 1, 5])
# run: run([])
