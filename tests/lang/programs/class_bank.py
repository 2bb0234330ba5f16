"""Objects kept in a dict by key, methods that raise ValueError, a class-level counter
constant, objects compared by identity."""
from typing import Dict


class Account:
    MIN_BALANCE = 0.0

    def __init__(self, owner: str, balance: float):
        self.owner = owner
        self.balance = balance
        self.history = 0

    def deposit(self, amount: float) -> None:
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history += 1

    def withdraw(self, amount: float) -> None:
        if self.balance - amount < Account.MIN_BALANCE:
            raise ValueError("insufficient funds")
        self.balance -= amount
        self.history += 1


def transfer(a: float, b: float, amount: float) -> float:
    accounts: Dict[str, Account] = {}
    accounts["ann"] = Account("ann", a)
    accounts["bob"] = Account("bob", b)
    src = accounts["ann"]
    dst = accounts["bob"]
    src.withdraw(amount)
    dst.deposit(amount)
    return accounts["ann"].balance * 1000 + accounts["bob"].balance + src.history


def same_account(a: float) -> bool:
    x = Account("x", a)
    d: Dict[int, Account] = {1: x, 2: Account("y", a)}
    return d[1] is x and d[2] is not x


# run: transfer(100.0, 5.0, 30.0)
# run: transfer(10.0, 5.0, 30.0)
# run: transfer(10.0, 5.0, -1.0)
# run: same_account(3.0)
