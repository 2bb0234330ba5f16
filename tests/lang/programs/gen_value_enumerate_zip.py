# A generator kept as a value with yields inside for loops over enumerate (with a start),
# zip of a list and a generator, enumerate of a zip with range, a for-else, zip of one.
from typing import List


def letters(s: str):
    for c in s:
        yield c


def tagged(xs: List[int], s: str):
    for i, x in enumerate(xs, 1):
        yield i * 100 + x
    for a, b in zip(xs, letters(s)):
        yield a * 1000 + ord(b)
    for i, (a, v) in enumerate(zip(range(3), xs)):
        yield i + a + v
    else:
        yield -7
    for (t,) in zip(xs):
        yield t


def run(xs: List[int], s: str) -> List[int]:
    g = tagged(xs, s)
    return list(g)

# run: run([5, 6, 7], "ab")
# run: run([], "xyz")
