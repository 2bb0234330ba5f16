"""Two forms from pyperformance's go: an `and`/`or` of a bool and ints (`not dupe and
(empties or weak)`) is an int, as is a function that returns False on one path and such an
expression on another (bool is an int subclass: the same arithmetic, comparisons and truth;
pts gives 0 and 1 where CPython gives False and True); a recursive method without a
`return value` needs no annotation (it returns None)."""
from typing import List


def useful(dupe: bool, empties: int, weak: int, strong: int):
    if empties > 10:
        return False
    return not dupe and (empties or weak or (strong and weak))


def count_useful(n: int) -> int:
    total = 0
    for i in range(n):
        if useful(i % 3 == 0, i % 4, i % 5, i % 2):
            total += 1
    return total


def flags(n: int) -> int:
    a = n > 2 or n
    b = n < 0 and n
    return a + b * 10


class Node:
    def __init__(self, value: int):
        self.value = value
        self.children = []

    def add_all(self, depth: int, out: list):
        out.append(self.value)
        if depth > 0:
            for c in self.children:
                c.add_all(depth - 1, out)


def walk(n: int) -> list:
    root = Node(0)
    for i in range(1, n):
        child = Node(i)
        child.children.append(Node(i * 10))
        root.children.append(child)
    out: List[int] = []
    root.add_all(2, out)
    return out


# run: count_useful(40)
# run: useful(False, 3, 0, 0)
# run: flags(5)
# run: flags(-3)
# run: flags(1)
# run: walk(4)
