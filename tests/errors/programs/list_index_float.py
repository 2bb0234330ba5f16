# Refused: a list indexed by a float.
# call: f([1, 2], 1.0)
# error: 6: list indices must be int, not float

def f(xs, i):
    return xs[i]
