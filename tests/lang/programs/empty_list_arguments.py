"""An empty list from the caller says nothing of its elements: it is a List[int] unless
the parameter is annotated (then the annotation's element type)."""
from typing import List


def total(xs):
    s = 0
    for x in xs:
        s += x
    return s


def bubble(seq):
    changed = True
    while changed:
        changed = False
        for i in range(len(seq) - 1):
            if seq[i] > seq[i + 1]:
                seq[i], seq[i + 1] = seq[i + 1], seq[i]
                changed = True
    return seq


def with_half(xs: List[float]) -> List[float]:
    xs.append(0.5)
    return xs


def words(ws: List[str]) -> str:
    return "-".join(ws)


# run: total([])
# run: total([1, 2, 3])
# run: bubble([])
# run: bubble([3, 1, 2])
# run: with_half([])
# run: with_half([1.5])
# run: words([])
# run: words(["a", "b"])
