"""A split consumed lazily (frontend/lower_split.py): comprehensions, generator
expressions, enumerate, sum/any/max, a dict word count, and a split whose list is kept
(an ordinary list)."""
from typing import Dict, List, Tuple


def comp(s: str) -> List[str]:
    return [w.upper() for w in s.split() if len(w) > 1]


def lengths(s: str) -> int:
    return sum(len(w) for w in s.split(","))


def numbered(s: str) -> List[Tuple[int, str]]:
    out: List[Tuple[int, str]] = []
    for i, w in enumerate(s.split(), 1):
        out.append((i, w))
    return out


def has_long(s: str) -> bool:
    return any(len(w) > 4 for w in s.split())


def longest(s: str) -> int:
    return max((len(w) for w in s.split()), default=-1)


def counts(s: str) -> List[Tuple[str, int]]:
    d: Dict[str, int] = {}
    for w in s.split():
        d[w] = d.get(w, 0) + 1
    return [(k, v) for k, v in d.items()]


def kept(s: str) -> int:
    ws = s.split()
    n = 0
    for w in ws:
        n += len(w)
    return n * 10 + len(ws)


def set_of(s: str) -> List[str]:
    return sorted({w for w in s.split(",")})


# run: comp("a bb ccc d ee")
# run: comp("")
# run: lengths("ab,,cde,f")
# run: numbered("x y  z")
# run: has_long("a bb ccc")
# run: has_long("a bb ccccc")
# run: longest("a bbb cc")
# run: longest("  ")
# run: counts("the cat the dog the end cat")
# run: counts("")
# run: kept("ab c def")
# run: set_of("b,a,,b,c")
