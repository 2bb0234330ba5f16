"""`import` and `from ... import` inside a function (as Benchmarks Game programs write
them): the names are bound when compiling, a module being one object wherever it is
imported; aliases, dotted modules, several names and a function's own copy of a name the
module does not import."""
from typing import List


def circle(r: float) -> float:
    import math
    return math.pi * r * r


def roots(xs: List[float]) -> List[float]:
    from math import sqrt as root, floor
    return [floor(root(x) * 100) / 100 for x in xs]


def rolled(n: int) -> int:
    import random as rnd
    rnd.seed(n)
    return rnd.randrange(1000)


def nested_call(k: int) -> str:
    import collections.abc
    from copy import deepcopy
    rows = [[k, k + 1], [k + 2]]
    copied = deepcopy(rows)
    copied[0].append(9)
    return f"{rows} {copied}"


def in_handler(d: int) -> int:
    try:
        return 10 // d
    except ZeroDivisionError:
        import math
        return math.floor(-2.5)


def bisected(xs: List[int], v: int) -> int:
    if v < 0:
        import bisect
        return bisect.bisect(xs, -v)
    from bisect import bisect_left
    return bisect_left(xs, v)


# run: circle(2.0)
# run: roots([2.0, 9.0, 0.5])
# run: rolled(7)
# run: nested_call(3)
# run: in_handler(0)
# run: in_handler(3)
# run: bisected([1, 3, 5, 7], 5)
# run: bisected([1, 3, 5, 7], -5)
