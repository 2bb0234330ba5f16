"""A closure that captured a list appends to it: the list is one object, the caller
sees the appends (the variable is copied, not the list)."""
from typing import List


def run(n: int) -> List[int]:
    seen: List[int] = []

    def record(x):
        seen.append(x * x)
        return len(seen)

    for i in range(n):
        record(i)
    return seen + [record(-1)]


# run: run(4)
# run: run(0)
