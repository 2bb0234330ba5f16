"""@staticmethod, class-level constants, methods calling methods, recursion through
methods, a method returning self (chained calls)."""
from typing import List


class Grid:
    SIZE = 4
    FILL = 0.5

    def __init__(self, n: int):
        self.n = n
        self.cells: List[float] = [Grid.FILL] * (n * n)

    @staticmethod
    def index(n: int, i: int, j: int) -> int:
        return i * n + j

    def get(self, i: int, j: int) -> float:
        return self.cells[Grid.index(self.n, i, j)]

    def set(self, i: int, j: int, v: float) -> "Grid":
        self.cells[self.index(self.n, i, j)] = v
        return self

    def total(self) -> float:
        s = 0.0
        for i in range(self.n):
            s += self.row_sum(i)
        return s

    def row_sum(self, i: int) -> float:
        s = 0.0
        for j in range(self.n):
            s += self.get(i, j)
        return s


class Tree:
    def __init__(self, depth: int):
        self.depth = depth
        self.kids: List[Tree] = []
        if depth > 0:
            self.kids.append(Tree(depth - 1))
            self.kids.append(Tree(depth - 1))

    def count(self) -> int:
        c = 1
        for k in self.kids:
            c += k.count()
        return c


def grid(n: int) -> float:
    g = Grid(n)
    g.set(0, 0, 2.0).set(1, 1, 3.0)
    return g.total() + Grid.SIZE + g.get(1, 1)


def tree(d: int) -> int:
    return Tree(d).count()


def index_error(n: int) -> float:
    return Grid(n).get(n, n)


# run: grid(3)
# run: grid(2)
# run: tree(4)
# run: tree(0)
# run: index_error(2)
