"""Fields that are None until a method sets them to a number, a str, a dict or a set, used
without a test (each use checked when it runs: CPython's TypeError for None as an
operand)."""
from typing import List


class Account:
    def __init__(self, owner: str):
        self.owner = owner
        self.balance = None
        self.currency = None
        self.history = None
        self.tags = None

    def open(self, amount: int, currency: str):
        self.balance = amount
        self.currency = currency
        self.history = {}
        self.tags = set()

    def deposit(self, day: int, amount: int):
        self.balance += amount
        self.history[day] = amount
        self.tags.add(amount % 3)

    def summary(self) -> str:
        return self.owner + ": " + str(self.balance * 2 // 2) + " " + self.currency.upper()

    def days(self) -> List[int]:
        return sorted(self.history.keys())

    def tag_count(self) -> int:
        return len(self.tags)

    def interest(self) -> int:
        return self.balance + 1


def run(n: int):
    a = Account("ann")
    a.open(10, "eur")
    for d in range(n):
        a.deposit(d, d * d)
    return a.summary(), a.days(), a.tag_count()


def unopened(open_first: bool) -> int:
    a = Account("bob")
    if open_first:
        a.open(5, "usd")
        a.deposit(1, 1)
    return a.interest()


# run: run(4)
# run: run(0)
# run: unopened(True)
# run: unopened(False)
