"""A method that only the subclasses define, called on a base-class value (pyperformance
deltablue's `overridden.mark_unsatisfied()` on a Constraint): dispatched on the object's
class; an object of a class without it raises CPython's AttributeError."""
from typing import List


class Constraint:
    def __init__(self, strength: int):
        self.strength = strength


class Unary(Constraint):
    def __init__(self, strength: int):
        super().__init__(strength)
        self.satisfied = True

    def mark_unsatisfied(self):
        self.satisfied = False


class Binary(Constraint):
    def __init__(self, strength: int):
        super().__init__(strength)
        self.direction = 1

    def mark_unsatisfied(self):
        self.direction = 0


class Plain(Binary):
    pass


def run(k: int) -> int:
    cs: List[Constraint] = [Unary(1), Binary(2), Plain(3)]
    for c in cs[:k]:
        c.mark_unsatisfied()
    total = 0
    for c in cs:
        if isinstance(c, Unary) and not c.satisfied:
            total += 10 * c.strength
        if isinstance(c, Binary) and c.direction == 0:
            total += c.strength
    return total


def base_object(k: int) -> int:
    cs: List[Constraint] = [Unary(1), Constraint(k)]
    for c in cs:
        c.mark_unsatisfied()
    return k


# run: run(1)
# run: run(3)
# run: base_object(2)
