# Refused: reversed() of a generator expression, as CPython (TypeError at run time there).
# call: f([1, 2])
# error: 6: 'generator' object is not reversible

def f(xs):
    return list(reversed(x * 2 for x in xs))
