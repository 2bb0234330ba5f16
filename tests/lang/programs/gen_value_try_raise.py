# A yield inside try/except resumes inside the try: an exception after the resume is
# caught by the generator's handler; an exception that leaves the generator finishes it
# (next() afterwards raises StopIteration).
from typing import List


def safe_div(xs: List[int], d: int):
    for x in xs:
        try:
            yield x // d
            d -= 1
        except ZeroDivisionError:
            yield -1
            d = 5


def run_safe(xs: List[int], d: int) -> List[int]:
    g = safe_div(xs, d)
    return [v for v in g]


def failing(n: int):
    yield 1
    yield 10 // n
    yield 3


def after_failure(n: int) -> int:
    g = failing(n)
    total = next(g)
    try:
        total += next(g)
    except ZeroDivisionError:
        total += 100
    try:
        next(g)
    except StopIteration:
        total += 1000
    return total


# run: run_safe([10, 20, 30, 40], 2)
# run: after_failure(0)
# run: after_failure(5)
