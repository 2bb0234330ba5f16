"""Two generator expressions and a comprehension with the same variable name."""
from typing import List


def f(xs: List[int]) -> int:
    a = sum(x for x in xs)
    b = max(x * 2 for x in xs)
    c = [x + 1 for x in xs]
    return a * 100 + b * 10 + len(c)


# run: f([1, 2, 3])
