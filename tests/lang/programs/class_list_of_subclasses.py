"""A list (variable or field) first filled with objects of one class, then appended
objects of a sibling class (pyperformance deltablue's constraints): it holds their common
base, and methods dispatch on each object's class."""


class Constraint:
    def __init__(self, strength: int):
        self.strength = strength

    def cost(self) -> int:
        return self.strength


class Stay(Constraint):
    def cost(self) -> int:
        return self.strength * 2


class Equality(Constraint):
    def cost(self) -> int:
        return -self.strength


class Variable:
    def __init__(self):
        self.constraints = []

    def add(self, c) -> None:
        self.constraints.append(c)


def run(n: int) -> list:
    v = Variable()
    todo = []
    for i in range(n):
        s = Stay(i)
        v.add(s)
        todo.append(s)
    for i in range(n):
        e = Equality(i + 10)
        v.add(e)
        todo.append(e)
    return [sum(c.cost() for c in v.constraints), sum(c.cost() for c in todo), len(todo)]


# run: run(3)
# run: run(1)
