# functools.reduce through the module; an int accumulator that the function makes a
# float; an empty iterable with and without an initial value.
import functools
from typing import List


def halves(n: int) -> float:
    return functools.reduce(lambda a, b: a + b / 2, [float(i) for i in range(n)], 0.5)


def mean_step(xs: List[float]) -> float:
    return functools.reduce(lambda a, b: (a + b) / 2, xs)


def empty_ok(n: int) -> int:
    return functools.reduce(lambda a, b: a + b, [i for i in range(n) if i > 5], n)


def empty_bad(n: int) -> int:
    return functools.reduce(lambda a, b: a + b, [i for i in range(n) if i > 5])


def int_then_float(n: int) -> float:
    return functools.reduce(lambda a, b: a / 2 + b, range(n), 0)


# run: halves(4)
# run: mean_step([1.0, 3.0, 5.0])
# run: empty_ok(3)
# run: empty_bad(3)
# run: empty_bad(8)
# run: int_then_float(4)
