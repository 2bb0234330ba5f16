"""A base class sets its fields to None; a subclass's method fills them (a list of lists,
a list of Optional objects) and the base class's methods use them without a test."""
from typing import List


class Grid:
    def __init__(self):
        self.cells = None
        self.marks = None

    def get(self, r: int, c: int) -> int:
        return self.cells[r][c]

    def total(self) -> int:
        return sum(sum(row) for row in self.cells)

    def marked(self) -> int:
        n = 0
        for m in self.marks:
            if m is not None:
                n += m.weight
        return n


class Mark:
    def __init__(self, weight: int):
        self.weight = weight


class Board(Grid):
    def __init__(self, n: int):
        super().__init__()
        self.n = n

    def fill(self):
        self.cells = [[r * self.n + c for c in range(self.n)] for r in range(self.n)]
        self.marks = [None] * self.n

    def mark(self, i: int, w: int):
        self.marks[i] = Mark(w)
        self.cells[i][i] = -w


def play(n: int) -> List[int]:
    b = Board(n)
    b.fill()
    b.mark(0, 5)
    b.mark(n - 1, 2)
    return [b.get(1, 0), b.total(), b.marked()]


def unfilled(fill: bool) -> int:
    b = Board(2)
    if fill:
        b.fill()
    return b.total()


# run: play(3)
# run: play(1)
# run: unfilled(True)
# run: unfilled(False)
