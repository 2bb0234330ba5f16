"""A list default shared between calls from scripted code (CPython evaluates it once, at
`def`): each call of `remember` left without `seen` appends to the one list, so the
second call sees the first call's item; a dict default likewise.  The results are
differences, the same however many calls came before."""
from typing import Dict, List


def remember(x: int, seen: List[int] = []) -> int:
    seen.append(x)
    return len(seen)


def count(word: str, counts={"": 0}) -> int:
    counts[word] = counts.get(word, 0) + 1
    return counts[word]


def default_shared(n: int) -> int:
    a = remember(n)
    b = remember(n + 1)
    c = remember(n + 2)
    return (b - a) * 10 + (c - a)


def default_dict_shared(w: str) -> int:
    a = count(w)
    b = count(w)
    c = count(w + "!")
    return (b - a) * 10 + (count(w + "!") - c)


# run: default_shared(3)
# run: default_dict_shared("x")
