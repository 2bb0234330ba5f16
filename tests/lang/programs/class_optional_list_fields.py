"""Fields that start None (or an empty list of Nones) in __init__ and are filled by another
method, used without a test as Are We Fast Yet's queens and towers do: each use is checked
when it runs, and a None raises CPython's exception for that use."""
from typing import List


class Board:
    def __init__(self):
        self.rows = None
        self.cols = None
        self.total = 0

    def reset(self, n: int):
        self.rows = [True] * n
        self.cols = [0] * n

    def place(self, r: int, c: int):
        self.rows[r] = False
        self.cols[c] += 1
        self.total += c

    def free(self, r: int) -> bool:
        return self.rows[r]

    def count(self) -> int:
        return len(self.cols)

    def used(self) -> int:
        n = 0
        for c in self.cols:
            n += c
        return n

    def grow(self):
        self.cols.append(0)


class Disk:
    def __init__(self, size: int):
        self.size = size
        self.next = None


class Piles:
    def __init__(self):
        self.piles = None

    def start(self):
        self.piles = [None, None, None]

    def push(self, d: Disk, p: int):
        top = self.piles[p]
        if top is not None and d.size >= top.size:
            raise ValueError("bigger disk on a smaller one")
        d.next = top
        self.piles[p] = d

    def height(self, p: int) -> int:
        h = 0
        top = self.piles[p]
        while top is not None:
            h += 1
            top = top.next
        return h


def queens_like(n: int) -> List[int]:
    b = Board()
    b.reset(n)
    b.place(1, 2)
    b.place(0, 2)
    b.grow()
    return [int(b.free(0)), int(b.free(2)), b.count(), b.used(), b.total]


def towers_like(n: int) -> List[int]:
    p = Piles()
    p.start()
    for i in range(n, 0, -1):
        p.push(Disk(i), 0)
    p.push(Disk(1), 2)
    return [p.height(0), p.height(1), p.height(2)]


def bad_push() -> int:
    p = Piles()
    p.start()
    p.push(Disk(1), 0)
    p.push(Disk(2), 0)
    return p.height(0)


def before_reset(which: int) -> int:
    b = Board()
    if which < 0:
        b.reset(3)
    if which == 0:
        return int(b.free(0))
    if which == 1:
        b.place(0, 0)
    if which == 2:
        return b.count()
    if which == 3:
        return b.used()
    if which == 4:
        b.grow()
    return b.total


def unfilled_pile(start: bool) -> int:
    p = Piles()
    if start:
        p.start()
        p.push(Disk(1), 0)
    return p.height(0)


# run: queens_like(4)
# run: towers_like(5)
# run: bad_push()
# run: before_reset(0)
# run: before_reset(1)
# run: before_reset(2)
# run: before_reset(3)
# run: before_reset(4)
# run: before_reset(5)
# run: unfilled_pile(False)
# run: unfilled_pile(True)
# run: before_reset(-1)
