"""Objects built in loops and comprehensions, enumerate/zip over lists of objects, sum of a
generator over objects, any/all with methods, a list of objects sliced and reversed."""
from typing import List


class Task:
    def __init__(self, ident: int, cost: float, done: bool):
        self.ident = ident
        self.cost = cost
        self.done = done

    def weight(self) -> float:
        return self.cost * (0.5 if self.done else 1.0)


def tasks(n: int) -> List[Task]:
    return [Task(i, 1.5 * i + 1.0, i % 3 == 0) for i in range(n)]


def total(n: int) -> float:
    return sum(t.weight() for t in tasks(n))


def pairs(n: int) -> float:
    a = tasks(n)
    b = tasks(n)[::-1]
    s = 0.0
    for i, (x, y) in enumerate(zip(a, b)):
        s += i * (x.cost - y.cost)
    return s


def checks(n: int) -> str:
    ts = tasks(n)
    return str(any(t.done for t in ts)) + str(all(t.cost > 0 for t in ts)) + \
        str(len(ts[1:3]))


def reversed_ids(n: int) -> List[int]:
    return [t.ident for t in reversed(tasks(n))]


# run: total(6)
# run: total(2)
# run: pairs(5)
# run: checks(4)
# run: checks(0)
# run: reversed_ids(4)
