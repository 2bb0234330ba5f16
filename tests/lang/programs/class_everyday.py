"""Everyday classes: a stack with __len__/__bool__ and IndexError, an RPN evaluator over
it, a graph of dict-of-list adjacency with setdefault and BFS, a dataclass whose tuple
field grows and whose method validates with ValueError, a matrix with a tuple-indexed
__getitem__, a property returning a tuple, `@` by __matmul__ and __eq__ of list fields."""
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple


class Stack:
    def __init__(self) -> None:
        self._items: List[int] = []

    def push(self, x: int) -> None:
        self._items.append(x)

    def pop(self) -> int:
        if not self._items:
            raise IndexError("pop from empty stack")
        return self._items.pop()

    def peek(self) -> Optional[int]:
        return self._items[-1] if self._items else None

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return len(self._items) > 0


def rpn(expr: str) -> int:
    s = Stack()
    for tok in expr.split():
        if tok in "+-*":
            b, a = s.pop(), s.pop()
            s.push(a + b if tok == "+" else a - b if tok == "-" else a * b)
        else:
            s.push(int(tok))
    return s.pop() if s else -1


class Graph:
    def __init__(self):
        self.adj: Dict[int, List[int]] = {}

    def add_edge(self, a: int, b: int) -> None:
        self.adj.setdefault(a, []).append(b)
        self.adj.setdefault(b, []).append(a)

    def bfs(self, start: int) -> List[int]:
        seen = {start}
        order = [start]
        i = 0
        while i < len(order):
            for nb in sorted(self.adj.get(order[i], [])):
                if nb not in seen:
                    seen.add(nb)
                    order.append(nb)
            i += 1
        return order


def graph(n: int) -> List[int]:
    g = Graph()
    for i in range(n):
        g.add_edge(i, (i * 3 + 1) % n)
    return g.bfs(0)


@dataclass
class Account:
    owner: str
    balance: float = 0.0
    history: Tuple[float, ...] = ()

    def deposit(self, x: float) -> "Account":
        if x <= 0:
            raise ValueError(f"bad amount {x}")
        self.balance += x
        self.history = self.history + (x,)
        return self


def bank(n: int) -> str:
    a = Account("z")
    for i in range(1, n + 1):
        a.deposit(float(i))
    return f"{a.balance} {len(a.history)} {a}"


class Matrix:
    def __init__(self, rows: List[List[float]]):
        self.rows = rows

    @property
    def shape(self) -> Tuple[int, int]:
        return len(self.rows), len(self.rows[0])

    def __getitem__(self, ij: Tuple[int, int]) -> float:
        i, j = ij
        return self.rows[i][j]

    def __matmul__(self, o: "Matrix") -> "Matrix":
        n, k = self.shape
        _, m = o.shape
        return Matrix([[sum(self[i, t] * o[t, j] for t in range(k)) for j in range(m)] for i in range(n)])

    def __eq__(self, o: object) -> bool:
        return isinstance(o, Matrix) and self.rows == o.rows


def mat(k: int) -> str:
    a = Matrix([[1.0, 2.0], [3.0, 4.0]])
    b = a
    for _ in range(k):
        b = b @ a
    return f"{b.rows} {b.shape} {b == a} {a == Matrix([[1.0, 2.0], [3.0, 4.0]])}"


def bad_deposit(x: float) -> float:
    return Account("q").deposit(x).balance


# run: rpn("3 4 + 2 *")
# run: rpn("")
# run: rpn("+")
# run: rpn("5 1 2 + 4 * + 3 -")
# run: graph(7)
# run: graph(1)
# run: bank(3)
# run: bad_deposit(-1.0)
# run: mat(2)
# run: mat(0)
