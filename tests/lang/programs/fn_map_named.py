"""map and filter with a function held in a variable or passed as a parameter."""
from typing import List


def sq(x: int) -> int:
    return x * x


def odd(x: int) -> bool:
    return x % 2 == 1


def run_with(f, p, xs: List[int]) -> List[int]:
    return list(map(f, filter(p, xs)))


def run(xs: List[int]) -> List[int]:
    g = sq
    return list(map(g, xs)) + run_with(sq, odd, xs) + [sum(map(g, xs))]


# run: run([1, 2, 3, 4, 5])
# run: run([])
