# Refused: pts knows a function value's __name__, not its other attributes.
# call: f(1)
# error: 9: has no attribute '__doc__' (pts knows a function's __name__)

def g(x):
    return x

def f(x):
    return g.__doc__
