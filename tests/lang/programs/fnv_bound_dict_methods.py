# Bound methods of a dict: `get = counts.get`, `setdefault`, and a dict's get passed as a
# key function.
from typing import Dict, List


def tally(words: str) -> Dict[str, int]:
    counts: Dict[str, int] = {}
    get = counts.get
    for w in words.split():
        counts[w] = get(w, 0) + 1
    return counts


def take_all(names: List[str]) -> int:
    stock = {"gold": 1, "silver": 2, "bronze": 3}
    take = stock.pop
    return sum(take(n, 0) for n in names) * 10 + len(stock)


def firsts(words: str) -> int:
    groups: Dict[str, int] = {}
    sd = groups.setdefault
    for w in words.split():
        sd(w[0], len(w))
    return sum(groups.values())


# run: tally("a b a c b a")
# run: take_all(["bronze", "gold", "tin", "gold"])
# run: firsts("apple avocado banana cherry blueberry")
