"""A list of lambdas of one signature (a table of operations), picked at run time."""
from typing import List


def calc(ops: List[int], a: int, b: int) -> List[int]:
    table = [lambda x, y: x + y, lambda x, y: x - y, lambda x, y: x * y,
             lambda x, y: x // y]
    return [table[i](a, b) for i in ops]


# run: calc([0, 1, 2, 3], 17, 5)
# run: calc([3], 1, 0)
# run: calc([2, 2, 0], -4, 3)
