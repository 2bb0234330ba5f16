# Refused: reduce's function returns a str where the accumulator (the initial value) is an
# int: pts keeps one type for the accumulator.
# call: f([1, 2])
# error: 8: reduce()'s function returns str, but its accumulator is int
from functools import reduce

def f(xs):
    return reduce(lambda a, b: str(a) + str(b), xs, 0)
