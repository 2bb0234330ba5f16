"""An LRU cache as a class: a dict from keys to node objects and a doubly linked list of
Optional nodes (head/tail fields), moved and evicted in place."""
from typing import Dict, Optional


class Entry:
    def __init__(self, key: int, value: int):
        self.key = key
        self.value = value
        self.prev: Optional[Entry] = None
        self.next: Optional[Entry] = None


class LRU:
    def __init__(self, capacity: int):
        self.capacity = capacity
        self.map: Dict[int, Entry] = {}
        self.head: Optional[Entry] = None
        self.tail: Optional[Entry] = None

    def unlink(self, e: Entry) -> None:
        if e.prev is not None:
            e.prev.next = e.next
        else:
            self.head = e.next
        if e.next is not None:
            e.next.prev = e.prev
        else:
            self.tail = e.prev
        e.prev = None
        e.next = None

    def push_front(self, e: Entry) -> None:
        e.next = self.head
        if self.head is not None:
            self.head.prev = e
        self.head = e
        if self.tail is None:
            self.tail = e

    def get(self, key: int) -> int:
        if key not in self.map:
            return -1
        e = self.map[key]
        self.unlink(e)
        self.push_front(e)
        return e.value

    def put(self, key: int, value: int) -> None:
        if key in self.map:
            e = self.map[key]
            e.value = value
            self.unlink(e)
            self.push_front(e)
            return
        if len(self.map) == self.capacity:
            old = self.tail
            if old is not None:
                self.unlink(old)
                del self.map[old.key]
        e = Entry(key, value)
        self.map[key] = e
        self.push_front(e)


def workload(cap: int, n: int) -> int:
    c = LRU(cap)
    hits = 0
    for i in range(n):
        k = (i * 7) % 10
        if c.get(k) >= 0:
            hits += 1
        else:
            c.put(k, i)
    return hits * 1000 + len(c.map)


def order(cap: int) -> str:
    c = LRU(cap)
    for k in range(5):
        c.put(k, k * k)
    c.get(2)
    out = ""
    e = c.head
    while e is not None:
        out += str(e.key)
        e = e.next
    return out


# run: workload(3, 50)
# run: workload(10, 50)
# run: order(3)
# run: order(5)
