# Refused: a keyword-only parameter without a default, not given.
# call: f(2.0)
# error: 10: g() missing required keyword-only argument 'scale'

def g(x, *, scale):
    return x * scale


def f(x):
    return g(x)
