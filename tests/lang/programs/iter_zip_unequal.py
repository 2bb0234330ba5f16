"""zip takes one element of the first iterable before it finds the second exhausted:
the side effect of producing it happens, as in CPython."""
from typing import List


def noisy(n: int):
    for i in range(n):
        print("produce", i)
        yield i


def first_longer(b: List[int]) -> int:
    s = 0
    for x, y in zip(noisy(5), b):
        print("pair", x, y)
        s += x * y
    return s


def first_shorter(b: List[int]) -> int:
    s = 0
    for x, y in zip(noisy(2), b):
        s += x + y
    return s


def zip_genexp(a: List[int], b: List[int]) -> List[int]:
    return [x * y for x, y in zip((v + 1 for v in a), b)]


# run: first_longer([10, 20])
# run: first_longer([])
# run: first_shorter([1, 2, 3])
# run: zip_genexp([1, 2, 3], [4, 5])
