# Refused: a tuple of run-time length is immutable, as in CPython (TypeError there).
# call: f([1, 2])
# error: 7: 'tuple' object does not support item assignment

def f(xs):
    t = tuple(xs)
    t[0] = 5
    return t
