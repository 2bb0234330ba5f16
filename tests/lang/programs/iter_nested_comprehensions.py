"""Comprehensions and generator expressions with several for clauses."""
from typing import List


def products(a: List[int], b: List[int]) -> List[int]:
    return [x * y for x in a for y in b]


def filtered(n: int) -> List[int]:
    return [i * 10 + j for i in range(n) if i % 2 == 0 for j in range(i) if j != 1]


def total(a: List[float], b: List[float]) -> float:
    return sum(x * y for x in a for y in b)


def triangle(n: int) -> int:
    return sum(1 for i in range(n) for j in range(i) for k in range(j))


def inner_uses_outer(n: int) -> List[int]:
    return [j for i in range(n) for j in range(i, 2 * i)]


def pairs_found(a: List[int], target: int) -> bool:
    return any(x + y == target for x in a for y in a)


# run: products([1, 2, 3], [10, 100])
# run: products([], [1])
# run: filtered(6)
# run: total([1.0, 2.0], [0.5, 0.25])
# run: triangle(6)
# run: inner_uses_outer(4)
# run: pairs_found([1, 5, 9], 14)
# run: pairs_found([1, 5, 9], 3)
