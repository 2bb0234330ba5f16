"""Objects by the thousand: made and dropped in loops, kept in lists while many more are
made, made in recursive calls and returned, mixed with lists and strings, returned to
Python in a list.  Natively every object is carved from the call's blocks of objects
(backend/object_codegen.py): these runs fill many blocks, and any object written over or
freed early shows as a wrong sum."""
from typing import List, Optional


class Vec:
    def __init__(self, x: float, y: float, z: float):
        self.x = x
        self.y = y
        self.z = z

    def add(self, o: "Vec") -> "Vec":
        return Vec(self.x + o.x, self.y + o.y, self.z + o.z)

    def scale(self, k: float) -> "Vec":
        return Vec(self.x * k, self.y * k, self.z * k)

    def __eq__(self, other: "Vec") -> bool:
        return self.x == other.x and self.y == other.y and self.z == other.z


class Node:
    def __init__(self, v: Vec, tag: str, nxt: Optional["Node"]):
        self.v = v
        self.tag = tag
        self.items: List[int] = [len(tag)]
        self.next = nxt


class Tree:
    def __init__(self, depth: int, left: Optional["Tree"], right: Optional["Tree"]):
        self.depth = depth
        self.left = left
        self.right = right


def churn(n: int) -> float:
    """n temporaries a step, each dropped at once (most never leave the loop's body)."""
    acc = Vec(0.0, 0.0, 0.0)
    kept = []
    for i in range(n):
        step = Vec(float(i), 1.0, -0.5).scale(0.5)
        acc = acc.add(step)
        if i % 97 == 0:
            kept.append(step)
    total = acc.x + acc.y + acc.z
    for v in kept:
        total += v.x
    return total


def keep(n: int) -> List[Vec]:
    """n objects in a list returned to Python, while as many temporaries come and go."""
    out = []
    for i in range(n):
        t = Vec(float(i), float(i * i), -float(i))
        out.append(t.add(Vec(0.5, 0.0, 0.0)))
    return out


def chain(n: int) -> int:
    """A linked list of n nodes, each holding a Vec, a string and a list of its own: the
    nodes and what they hold are all read back after the last one is made."""
    head: Optional[Node] = None
    for i in range(n):
        head = Node(Vec(float(i), 0.0, 1.0), "n" + str(i % 10) * (i % 3), head)
        if i % 5 == 0:
            head.items.append(i)
    total = 0
    cur = head
    while cur is not None:
        total += int(cur.v.x) + len(cur.tag) + sum(cur.items)
        cur = cur.next
    return total


def build(depth: int) -> Tree:
    if depth == 0:
        return Tree(0, None, None)
    return Tree(depth, build(depth - 1), build(depth - 1))


def count(t: Optional[Tree]) -> int:
    if t is None:
        return 0
    return 1 + count(t.left) + count(t.right)


def trees(depth: int, rounds: int) -> int:
    """Trees made by recursive calls (objects that outlive the call making them), some
    kept across rounds, the others dropped."""
    kept = []
    total = 0
    for r in range(rounds):
        t = build(depth)
        total += count(t)
        if r % 2 == 0:
            kept.append(t)
    for t in kept:
        total += t.depth + count(t.left)
    return total


# run: churn(5000)
# run: churn(1)
# run: keep(3000)
# run: keep(0)
# run: chain(4000)
# run: trees(10, 6)
