# Refused: a relative import inside a function.
# call: f(1)
# error: 6: 'relative import' is not supported

def f(x):
    from . import sibling
    return x
