# Source: Rosetta Code, "Catalan numbers", Python
#   https://rosettacode.org/wiki/Catalan_numbers#Python
#   (acmeism/RosettaCodeData Task/Catalan-numbers/Python/catalan-numbers-1.py)
# Licence: GNU Free Documentation License 1.3 (Rosetta Code content), with attribution
# Changes: the `if __name__ == '__main__':` block is main() (its range(15) kept); return
#   annotations (`-> int`) on the memoized functions and memoize's wrapper (recursive), and
#   `cache: Dict[int, int]` (an empty dict: pts reads its item types from the annotation).
# xfail: waits for: ints past 64 bits (cat_direct(11) takes factorial(22) ~ 1.1e21 (20! is the last factorial below 2**63): `OverflowError: int too large for a 64-bit pts int`; pts ints are 64-bit, docs/language.md); everything else runs: memoize's closure dict is shared between calls as in CPython, typed by its annotation, and zip(*results) over tuples of run-time length
from math import factorial
import functools
from typing import Dict


def memoize(func):
    cache: Dict[int, int] = {}

    def memoized(key) -> int:
        # Returned, new, memoized version of decorated function
        if key not in cache:
            cache[key] = func(key)
        return cache[key]
    return functools.update_wrapper(memoized, func)


@memoize
def fact(n) -> int:
    return factorial(n)


def cat_direct(n):
    return fact(2 * n) // fact(n + 1) // fact(n)


@memoize
def catR1(n) -> int:
    return 1 if n == 0 else (
        sum(catR1(i) * catR1(n - 1 - i) for i in range(n))
    )


@memoize
def catR2(n) -> int:
    return 1 if n == 0 else (
        ((4 * n - 2) * catR2(n - 1)) // (n + 1)
    )


def main():
    def pr(results):
        fmt = '%-10s %-10s %-10s'
        print((fmt % tuple(c.__name__ for c in defs)).upper())
        print(fmt % (('=' * 10,) * 3))
        for r in zip(*results):
            print(fmt % r)

    defs = (cat_direct, catR1, catR2)
    results = [tuple(c(i) for i in range(15)) for c in defs]
    pr(results)


# run: main()
