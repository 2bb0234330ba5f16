# reduce over generator expressions, map, zip and strings.
from functools import reduce
from typing import List


def sum_squares(n: int) -> int:
    return reduce(lambda a, b: a + b, (i * i for i in range(n)), 0)


def dot(xs: List[float], ys: List[float]) -> float:
    return reduce(lambda acc, p: acc + p[0] * p[1], zip(xs, ys), 0.0)


def reverse_text(s: str) -> str:
    return reduce(lambda acc, ch: ch + acc, s, "")


def longest(words: str) -> str:
    return reduce(lambda a, b: b if len(b) > len(a) else a, words.split())


def gcd_all(xs: List[int]) -> int:
    def gcd(a: int, b: int) -> int:
        while b:
            a, b = b, a % b
        return a
    return reduce(gcd, xs)


# run: sum_squares(5)
# run: dot([1.0, 2.0, 3.0], [4.0, 5.0, 6.0])
# run: reverse_text("stressed")
# run: longest("a abc ab abcd xy")
# run: gcd_all([12, 18, 30])
