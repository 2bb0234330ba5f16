"""The truth of an object: __bool__, else __len__, else true (if, while, not, and/or)."""
from typing import List


class Bag:
    def __init__(self, n: int):
        self.items: List[int] = list(range(n))

    def __len__(self) -> int:
        return len(self.items)


class Flag:
    def __init__(self, on: bool):
        self.on = on

    def __bool__(self) -> bool:
        return self.on


def truth(n: int) -> int:
    r = 0
    if Bag(n):
        r += 1
    if not Bag(n):
        r += 10
    f = Flag(n > 2)
    while f:
        r += 100
        f.on = False
    if Flag(True) and Bag(n):
        r += 1000
    return r


# run: truth(0)
# run: truth(3)
