"""print, str, repr and f-strings of lists, nested lists, Optional items and dicts of
objects: each item by its class's __repr__ (or __str__ for the object itself)."""
from typing import Dict, List, Optional


class Card:
    def __init__(self, rank: int, suit: str):
        self.rank = rank
        self.suit = suit

    def __repr__(self) -> str:
        return f"Card({self.rank}, {self.suit!r})"

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


def hands(n: int) -> str:
    deck = [Card(r, s) for s in "hs" for r in range(1, n + 1)]
    rows = [deck[:2], deck[2:3], []]
    print(deck)
    print(deck[0], rows)
    return f"{deck[-1]} {deck[-1]!r} {rows[1]} {str(deck[:1])} {repr(rows[2])}"


def holes(n: int) -> str:
    slots: List[Optional[Card]] = [None] * n
    slots[1] = Card(7, "c")
    return repr(slots)


def by_name(n: int) -> str:
    d: Dict[str, Card] = {}
    for i in range(n):
        d["c" + str(i)] = Card(i, "d")
    many: Dict[int, Optional[Card]] = {1: Card(1, "h"), 2: None}
    return str(d) + " " + f"{many}"


# run: hands(2)
# run: holes(3)
# run: by_name(2)
