"""Tuple unpacking, swaps and parallel assignment evaluate the right side first."""
from typing import List, Tuple


def swap(a: int, b: int) -> Tuple[int, int]:
    a, b = b, a
    return a, b


def rotate(a: float, b: float, c: float) -> Tuple[float, float, float]:
    a, b, c = b, c, a
    return a, b, c


def fib_pair(n: int) -> int:
    a, b = 0, 1
    for i in range(n):
        a, b = b, a + b
    return a


def unpack_tuple_var(n: int) -> int:
    t = (n, n * 2, n * 3)
    x, y, z = t
    return x * 100 + y * 10 + z


def swap_elements(xs: List[int], i: int, j: int) -> List[int]:
    xs[i], xs[j] = xs[j], xs[i]
    return xs


def parenthesized(n: int) -> int:
    (a, b) = (n + 1, n - 1)
    return a * b


# run: swap(1, 2)
# run: rotate(1.0, 2.0, 3.0)
# run: fib_pair(50)
# run: unpack_tuple_var(4)
# run: swap_elements([1, 2, 3, 4], 0, 3)
# run: swap_elements([1, 2, 3, 4], -1, 1)
# run: parenthesized(9)
