"""A linked list of Optional[Node] fields; a read through None raises CPython's
AttributeError."""
from typing import Optional


class Node:
    def __init__(self, val: int):
        self.val = val
        self.next: Optional[Node] = None


def build(n: int) -> Optional[Node]:
    head: Optional[Node] = None
    for i in range(n):
        node = Node(i)
        node.next = head
        head = node
    return head


def total(n: int) -> int:
    cur = build(n)
    s = 0
    while cur is not None:
        s += cur.val
        cur = cur.next
    return s


def length(n: int) -> int:
    cur = build(n)
    k = 0
    while cur:
        k += 1
        cur = cur.next
    return k


def second(n: int) -> int:
    head = build(n)
    return head.next.val


# run: total(10)
# run: total(0)
# run: length(7)
# run: second(3)
# run: second(1)
# run: second(0)
