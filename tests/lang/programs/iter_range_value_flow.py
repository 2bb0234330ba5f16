"""A range chosen at run time and passed to builtins."""
from typing import List


def pick(up: bool, n: int) -> List[int]:
    if up:
        r = range(n)
    else:
        r = range(n - 1, -1, -1)
    return list(r) + [sum(r), max(r, default=-1)]


def enum_range(n: int) -> List[int]:
    r = range(10, 10 + n)
    return [i * v for i, v in enumerate(r)]


# run: pick(True, 4)
# run: pick(False, 4)
# run: pick(True, 0)
# run: enum_range(3)
