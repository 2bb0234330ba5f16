# Refused: a tuple of run-time length is immutable (TypeError in CPython).
# call: f([1, 2])
# error: 7: 'tuple' object doesn't support item deletion

def f(xs):
    t = tuple(xs)
    del t[0]
    return t
