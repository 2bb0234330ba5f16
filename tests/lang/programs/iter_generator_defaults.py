"""Generator arguments: defaults and keywords."""
from typing import List


def stepped(n: int, step: int = 2, start: int = 0):
    i = start
    while i < n:
        yield i
        i += step


def use(n: int) -> List[int]:
    return list(stepped(n)) + list(stepped(n, 3)) + list(stepped(n, start=1))


# run: use(7)
# run: use(0)
