# Refused: an exception message must be a string.
# call: f(1)
# error: 7: exception message must be a string, not int

def f(x):
    if x > 0:
        raise ValueError(x)
    return x
