# Builtins passed to a scripted function as values.
from typing import List


def apply(f, xs: List[int]):
    return f(xs)


def apply2(f, a, b):
    return f(a, b)


def use_len(n: int) -> int:
    return apply(len, list(range(n)))


def use_sum(n: int) -> int:
    return apply(sum, list(range(n)))


def use_max(n: int) -> int:
    return apply(max, [3, n, 1])


def use_sorted(n: int) -> List[int]:
    return apply(sorted, [3, 1, n])


def use_min2(n: int) -> int:
    return apply2(min, n, 4)


def use_divmod(a: int, b: int):
    return apply2(divmod, a, b)


def use_map(n: int) -> List[str]:
    return list(apply2(map, str, list(range(n))))


# run: use_len(4)
# run: use_sum(4)
# run: use_max(9)
# run: use_sorted(2)
# run: use_min2(9)
# run: use_min2(1)
# run: use_divmod(17, 5)
# run: use_map(3)
