# reduce with the operator module's functions, and those functions as values.
import operator
from functools import reduce
from typing import List


def product(xs: List[int]) -> int:
    return reduce(operator.mul, xs, 1)


def concat(words: List[str]) -> str:
    return reduce(operator.add, words, "")


def table(a: int, b: int) -> List[int]:
    ops = [operator.add, operator.sub, operator.mul, operator.floordiv, operator.mod]
    return [op(a, b) for op in ops]


def compare(a: float, b: float) -> List[bool]:
    return [f(a, b) for f in (operator.lt, operator.le, operator.eq, operator.gt)]


# run: product([2, 3, 7])
# run: product([])
# run: concat(["ab", "c", "d"])
# run: table(17, 5)
# run: table(-7, 2)
# run: table(1, 0)
# run: compare(1.5, 2.0)
