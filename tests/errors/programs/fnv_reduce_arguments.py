# Refused: reduce() with one argument (CPython: TypeError when it runs).
# call: f([1, 2])
# error: 7: reduce expected at least 2 arguments, got 1
import functools

def f(xs):
    return functools.reduce(xs)
