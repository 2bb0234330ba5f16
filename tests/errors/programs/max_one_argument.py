# Refused: max() of one argument iterates over it, and a float is not iterable.
# call: f(3.0)
# error: 6: cannot iterate over float

def f(x):
    return max(x)
