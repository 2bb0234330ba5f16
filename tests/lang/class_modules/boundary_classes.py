"""Classes and functions whose objects cross the Python boundary (test_class_boundary.py)."""
from typing import Dict, List, Optional, Set


class Point:
    def __init__(self, x: float, y: float):
        self.x = x
        self.y = y


class Node:
    def __init__(self, val: int):
        self.val = val
        self.next: Optional[Node] = None


def move(p: Point, d: float) -> float:
    p.x += d
    return p.x + p.y


def make(a: float) -> Point:
    return Point(a, a * 2)


def same(p: Point, q: Point) -> bool:
    p.x = 100.0
    return p is q


def ident(p: Point) -> Point:
    p.y = -1.0
    return p


def total(ps: List[Point]) -> float:
    s = 0.0
    for p in ps:
        p.x *= 2
        s += p.x
    return s


def chain(n: int) -> Node:
    head = Node(0)
    cur = head
    for i in range(1, n):
        nxt = Node(i)
        cur.next = nxt
        cur = nxt
    return head


from dataclasses import dataclass  # noqa: E402
from typing import NamedTuple  # noqa: E402


@dataclass
class Rec:
    name: str
    score: float = 0.0


class Pair(NamedTuple):
    a: int
    b: int = 0


def bump(r: Rec, k: float) -> Rec:
    r.score += k
    return Rec(r.name + "!", r.score * 2)


def swap(p: Pair) -> Pair:
    return Pair(p.b, p.a)


class Inventory:
    def __init__(self):
        self.counts: Dict[str, int] = {}
        self.tags: Set[str] = set()
        self.log: List[str] = []


def restock(inv: Inventory, item: str, n: int) -> int:
    inv.counts[item] = inv.counts.get(item, 0) + n
    inv.tags.add(item[0])
    inv.log.append(item)
    return sum(inv.counts.values())


def new_inventory(item: str) -> Inventory:
    inv = Inventory()
    inv.counts[item] = 1
    inv.tags.add(item)
    return inv


def bump_all(head: Node, k: int) -> Node:
    """Every node of a chain k more, and a new node in front of it."""
    cur: Optional[Node] = head
    while cur is not None:
        cur.val += k
        cur = cur.next
    first = Node(-1)
    first.next = head
    return first


def scale_second(p: Point, q: Point, k: float) -> float:
    q.x *= k
    return p.x + p.y + q.x


class Rec0:
    pass


class CountRec(Rec0):
    def __init__(self):
        self.count = 0


class LinkRec(Rec0):
    def __init__(self):
        self.link: Optional[Node] = None


def count_up(a: CountRec, b: LinkRec) -> int:
    """Records of one hierarchy share one layout (CountRec has a `link` natively): the
    fields a record never had stay absent in Python after the call."""
    a.count += 1
    return a.count


def walk_sum(h: Node, steps: int) -> int:
    s = 0
    cur: Optional[Node] = h
    for _ in range(steps):
        if cur is None:
            break
        s += cur.val
        cur.val += 1
        cur = cur.next
    return s


def count_points(ps: List[Point]) -> int:
    return len(ps)
