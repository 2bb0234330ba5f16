# Refused: a list element assigned through a float index.
# call: f([1, 2])
# error: 7: list indices must be int, not float

def f(xs):
    i = len(xs) / 2
    xs[i] = 0
    return xs[0]
