"""A field that is None in `__init__` and read through (`self.best.value`) in a method
that is checked before the method that stores an object into it (pyperformance go's
UCTNode.bestchild): the field's type is the join of all its stores, in whatever order the
methods are checked."""


class Node:
    def __init__(self, value: int):
        self.value = value
        self.best = None
        self.parent = None
        self.kids = [None for _ in range(3)]

    def pick(self) -> int:
        if self.best:
            return self.best.value
        return -1

    def grow(self, i: int) -> "Node":
        kid = self.kids[i] = Node(self.value * 10 + i)
        kid.parent = self
        return kid

    def promote(self) -> None:
        node = self
        while node.parent:
            node.parent.best = node
            node = node.parent


def run(n: int) -> list:
    root = Node(1)
    out = [root.pick()]
    node = root
    for i in range(n):
        node = node.grow(i % 3)
        out.append(node.pick())
    node.promote()
    out.append(root.pick())
    out.append(root.best.best.value if root.best and root.best.best else 0)
    return out


# run: run(0)
# run: run(1)
# run: run(4)
