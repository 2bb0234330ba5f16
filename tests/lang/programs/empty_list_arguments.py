"""An empty list from the caller says nothing of its elements: the annotation's element
type if there is one, else what the body puts in it, else a List[int]; an empty dict
likewise takes what the body stores."""
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


def appended(xs):
    xs.append(1.5)
    xs.append(2.0)
    return xs


def tally(d, words: List[str]):
    for w in words:
        d[w] = d.get(w, 0) + 1
    return d


# run: total([])
# run: total([1, 2, 3])
# run: bubble([])
# run: bubble([3, 1, 2])
# run: with_half([])
# run: with_half([1.5])
# run: words([])
# run: words(["a", "b"])
# run: appended([])
# run: tally({}, ["x", "y", "x"])
