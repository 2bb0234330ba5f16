# Refused: min() of one argument iterates over it, and an int is not iterable.
# call: f(3)
# error: 7: cannot iterate over int

def f(x):
    y = x * 2
    return min(y)
