"""A module-level object whose list field holds objects of several subclasses of one base
(pyperformance richards's `taskWorkArea.taskTab` after a CPython run filled it)."""


class Area:
    def __init__(self):
        self.tab = [None] * 4
        self.count = 0


area = Area()


class Task:
    def __init__(self, i: int, weight: int):
        self.weight = weight
        area.tab[i] = self

    def work(self) -> int:
        return self.weight


class Doubler(Task):
    def work(self) -> int:
        return 2 * self.weight


class Negator(Task):
    def work(self) -> int:
        return -self.weight


def run(n: int) -> int:
    Task(0, n)
    Doubler(1, n + 1)
    Negator(2, n + 2)
    total = 0
    for t in area.tab:
        if t is not None:
            total += t.work()
    area.count += 1
    return total * 10 + area.count
