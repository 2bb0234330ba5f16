"""A user class with __iter__ returning an iterator of its items, and __len__/__contains__,
used by for, list(), sum() and `in`."""
from typing import Iterator, List


class Bag:
    def __init__(self):
        self.items: List[int] = []

    def add(self, x: int) -> "Bag":
        self.items.append(x)
        return self

    def __iter__(self) -> Iterator[int]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __contains__(self, x: int) -> bool:
        return x in self.items


class Countdown:
    def __init__(self, start: int):
        self.start = start

    def __iter__(self) -> Iterator[int]:
        n = self.start
        while n > 0:
            yield n
            n -= 1


def bag(n: int) -> str:
    b = Bag()
    for i in range(n):
        b.add(i * i)
    s = 0
    for x in b:
        s += x
    return f"{len(b)} {s} {sum(b)} {list(b)[-1:]} {4 in b} {5 in b}"


def countdown(n: int) -> List[int]:
    return [x * 2 for x in Countdown(n)]


# run: bag(4)
# run: countdown(5)
# run: countdown(0)


def nested(n: int) -> int:
    b = Bag()
    for i in range(n):
        b.add(i)
    total = 0
    for x in b:
        for y in Countdown(x):
            if y == 2:
                break
            total += x * y
    return total + len([p for p in b if p % 2 == 0])


def chained() -> int:
    s = 0
    for x in Bag().add(3).add(4):
        s += x
    return s
# run: nested(5)
# run: chained()
