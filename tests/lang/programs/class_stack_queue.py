"""A stack and a queue as classes over lists: IndexError raised by the methods, __len__,
truth of an object by __len__ (bool())."""
from typing import List


class Stack:
    def __init__(self):
        self.items: List[int] = []

    def push(self, v: int) -> None:
        self.items.append(v)

    def pop(self) -> int:
        if not self.items:
            raise IndexError("pop from empty stack")
        return self.items.pop()

    def __len__(self) -> int:
        return len(self.items)


class Queue:
    def __init__(self):
        self.front: List[int] = []
        self.back: List[int] = []

    def put(self, v: int) -> None:
        self.back.append(v)

    def get(self) -> int:
        if not self.front:
            while self.back:
                self.front.append(self.back.pop())
        if not self.front:
            raise IndexError("get from empty queue")
        return self.front.pop()


def balanced(s: str) -> bool:
    st = Stack()
    for ch in s:
        if ch == "(":
            st.push(1)
        elif ch == ")":
            if len(st) == 0:
                return False
            st.pop()
    return len(st) == 0 and not bool(st)


def fifo(n: int) -> int:
    q = Queue()
    out = 0
    for i in range(n):
        q.put(i)
        if i % 3 == 2:
            out = out * 10 + q.get()
    return out


def underflow(n: int) -> int:
    st = Stack()
    for i in range(n):
        st.push(i)
    t = 0
    for i in range(n + 1):
        t += st.pop()
    return t


# run: balanced("(()())")
# run: balanced("(()")
# run: balanced(")(")
# run: fifo(9)
# run: underflow(3)
