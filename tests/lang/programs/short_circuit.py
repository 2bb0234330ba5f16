"""and/or short-circuit: the right operand is not evaluated when the left decides."""
from typing import List


def first_positive_run(xs: List[int]) -> int:
    i = 0
    while i < len(xs) and xs[i] > 0:
        i += 1
    return i


def safe_ratio_big(a: int, b: int) -> bool:
    return b != 0 and a // b > 1


def either_zero_or_divides(a: int, b: int) -> bool:
    return b == 0 or a % b == 0


def check(name: int, result: bool) -> bool:
    print("checked", name)
    return result


def trace_and(x: bool, y: bool) -> bool:
    return check(1, x) and check(2, y)


def trace_or(x: bool, y: bool) -> bool:
    return check(1, x) or check(2, y)


def mixed(x: bool, y: bool, z: bool) -> bool:
    return check(1, x) and check(2, y) or check(3, z)


def index_guard(xs: List[float], i: int) -> bool:
    return 0 <= i < len(xs) and xs[i] > 0.0 or i == -1


# run: first_positive_run([3, 1, 4])
# run: first_positive_run([3, -1, 4])
# run: first_positive_run([])
# run: safe_ratio_big(10, 0)
# run: safe_ratio_big(10, 3)
# run: either_zero_or_divides(10, 0)
# run: either_zero_or_divides(10, 4)
# run: trace_and(False, True)
# run: trace_and(True, False)
# run: trace_or(True, False)
# run: trace_or(False, False)
# run: mixed(False, True, True)
# run: mixed(True, True, False)
# run: index_guard([1.0, -2.0], 5)
# run: index_guard([1.0, -2.0], 0)
# run: index_guard([1.0, -2.0], -1)
