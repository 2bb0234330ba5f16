"""Decorators made with functools.wraps / update_wrapper (Rosetta's memoize pattern): each
decorated function is the wrapper's code with its own cells, and the wrapper's
`__wrapped__` names the original.  pts compiles the wrapper's own source (inspect would
unwrap to the original's) with each function's cells: as the entry (pts.script(ident)), and
called from scripted code, directly and through a tuple of them."""
import functools


def scaled(k):
    def deco(func):
        @functools.wraps(func)
        def wrapper(n: int) -> int:
            return k * func(n) + 1
        return wrapper
    return deco


def offset(d):
    def deco(func):
        def inner(n: int) -> int:
            return func(n + d)
        return functools.update_wrapper(inner, func)
    return deco


@scaled(2)
def ident(n):
    return n


@scaled(3)
def square(n):
    return n * n


@offset(10)
def halve(n):
    return n // 2


def both(n: int) -> int:
    return ident(n) * 1000 + square(n)


def through_tuple(n: int) -> list:
    fns = (ident, square, halve)
    return [[f(i) for i in range(n)] for f in fns]


def names() -> str:
    return ident.__name__ + "," + square.__name__ + "," + halve.__name__


# run: ident(5)
# run: square(5)
# run: halve(5)
# run: both(4)
# run: through_tuple(4)
# run: names()
