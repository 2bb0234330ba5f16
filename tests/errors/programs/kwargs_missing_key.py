# Refused: **kwargs read with a key the call did not pass (the keys are known when
# compiling; test with 'in' or use .get).
# call: f(1.0)
# error: 7: 'scale' is not among the keyword arguments of this call

def g(x, **kw):
    return x * kw["scale"]


def f(x):
    return g(x, shift=1.0)
