"""A word count: d[w] = d.get(w, 0) + 1 over str.split()."""
from typing import Dict


def count(text: str) -> int:
    d: Dict[str, int] = {}
    for w in text.split():
        d[w] = d.get(w, 0) + 1
    for w in sorted(d):
        print(w, d[w])
    return len(d)


def count_aug(text: str) -> str:
    d = {}
    for w in text.split():
        if w in d:
            d[w] += 1
        else:
            d[w] = 1
    best = ""
    n = 0
    for w, c in d.items():
        if c > n:
            best = w
            n = c
    return best


# run: count("the cat and the hat and the bat")
# run: count("")
# run: count_aug("a b a c b a")
