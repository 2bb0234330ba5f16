# Refused: min of a single number.
# call: f(3)
# error: 7: min() needs at least 2 arguments

def f(x):
    y = x * 2
    return min(y)
