# The bound method g.__next__ as a function value: called in a loop (bg_fasta's
# `gR = Random.__next__`), passed to another function, and g.__next__() called directly.
from typing import List


def lcg(seed: int):
    s = seed
    while 1:
        s = (s * 1103515245 + 12345) % 2147483648
        yield s % 100


def alias_loop(seed: int, n: int) -> List[int]:
    g = lcg(seed)
    draw = g.__next__
    return [draw() for _ in range(n)]


def apply_n(f, n: int) -> int:
    total = 0
    for _ in range(n):
        total += f()
    return total


def passed_method(seed: int) -> int:
    g = lcg(seed)
    a = apply_n(g.__next__, 5)
    b = g.__next__()
    return a * 1000 + b


# run: alias_loop(7, 8)
# run: passed_method(3)
