"""A dict lookup followed by a write of the same key reuses the lookup's probe natively
(runtime/c/dicts.c's memo): word counts that grow the table many times, a get of one key
and a set of another, deletions and clears between the two, tuple, int, bool and float
keys, and words that agree in their first bytes and length."""
from typing import Dict, List, Set, Tuple


def count(text: str) -> Tuple[int, int, str]:
    d: Dict[str, int] = {}
    for w in text.split():
        d[w] = d.get(w, 0) + 1
    best = ""
    n = 0
    for w, c in d.items():
        if c > n:
            best = w
            n = c
    return len(d), n, best


def grow(n: int) -> int:
    d: Dict[str, int] = {}
    for i in range(n):
        w = "w" + str(i % 700) + "abcdefgh"[: i % 9]
        d[w] = d.get(w, 0) + i
    total = 0
    for v in d.values():
        total += v
    return total * 1000 + len(d)


def crossed(words: List[str]) -> List[int]:
    d: Dict[str, int] = {}
    out: List[int] = []
    prev = ""
    for w in words:
        v = d.get(w, 0)              # a lookup of w, then writes of other keys
        d[prev] = v + 1
        if w in d and len(d) % 3 == 0:
            del d[w]
        d[w] = d.get(prev, 5) + v
        if len(d) > 6:
            d.clear()
        out.append(d[w])
        prev = w
    return out


def pop_reinsert(n: int) -> int:
    d: Dict[int, int] = {}
    s: Set[int] = set()
    acc = 0
    for i in range(n):
        k = (i * 37) % 11
        if k in s:
            acc += d.pop(k, -1)
            s.discard(k)
        else:
            s.add(k)
            d[k] = d.setdefault(k, i) + d.get(k - 1, 0)
    return acc * 100 + len(d) + len(s)


def keyed(n: int) -> int:
    d: Dict[Tuple[int, str], int] = {}
    f: Dict[float, int] = {}
    b: Dict[bool, int] = {}
    for i in range(n):
        k = (i % 5, "ab"[i % 2])
        d[k] = d.get(k, 0) + 1
        x = i * 0.5 - 3.0
        f[x] = f.get(-x, 1) + f.get(x, 0)
        b[i % 3 == 0] = b.get(i % 3 == 0, 0) + 1
    return len(d) * 10000 + len(f) * 100 + b[True]


# run: count("the cat and the hat and the bat sat on the mat")
# run: count("")
# run: count("  \t\n ")
# run: count("héllo wörld héllo 日本 日本 日本 x\u3000y x\u00a0y")
# run: count("abcdefgX abcdefgY abcdefgX abcdefghijklmnopq abcdefghijklmnopr abcdefgh abcdefgh")
# run: grow(5000)
# run: crossed(["a", "b", "a", "c", "a", "d", "b", "e", "f", "g", "a", "h", "a"])
# run: pop_reinsert(200)
# run: keyed(100)
