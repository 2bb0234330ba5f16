# Refused: raising an exception class pts does not carry.
# call: f(1)
# error: 7: can only raise one of ValueError, RuntimeError, IndexError, ZeroDivisionError, AssertionError, TypeError

def f(x):
    if x > 0:
        raise KeyError("missing")
    return x
