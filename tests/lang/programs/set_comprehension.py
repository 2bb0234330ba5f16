"""Set comprehensions and set(iterable)."""
from typing import List


def comps(xs: List[int]) -> int:
    s = {x % 5 for x in xs if x > 0}
    t = set(xs)
    u = set(range(3))
    v = {a * b for a in range(3) for b in range(3)}
    print(sorted(s), sorted(t), sorted(u), sorted(v))
    return len(s) + len(t)


def from_str(text: str) -> int:
    return len(set(text))


# run: comps([1, 6, 11, -2, 3, 3])
# run: comps([])
# run: from_str("hello world")
