"""Operands, arguments and assignment parts are evaluated in CPython's order."""
from typing import List


def tick(k: int) -> int:
    print("tick", k)
    return k


def binary_ops() -> int:
    return tick(1) + tick(2) * tick(3) - tick(4) // tick(5)


def call_args() -> int:
    return three(tick(1), tick(2) + tick(3), tick(4))


def three(a: int, b: int, c: int) -> int:
    return a * 100 + b * 10 + c


def subscript_store() -> List[int]:
    xs = [0, 0, 0]
    # the value is evaluated before the index of the target
    xs[tick(1)] = tick(2)
    # an augmented target's index is evaluated before the value
    xs[tick(0)] += tick(7)
    return xs


def tuple_assign() -> int:
    a, b = tick(1), tick(2)
    return a * 10 + b


def condition_order(n: int) -> int:
    if tick(n) > 0 and tick(n + 1) > 5 or tick(n + 2) > 0:
        return 1
    return 0


def comparison_chain() -> bool:
    return tick(1) < tick(2) < tick(0) < tick(9)


# run: binary_ops()
# run: call_args()
# run: subscript_store()
# run: tuple_assign()
# run: condition_order(1)
# run: condition_order(-5)
# run: comparison_chain()
