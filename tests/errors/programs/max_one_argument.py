# Refused: max of a single number.
# call: f(3.0)
# error: 6: max() needs at least 2 arguments

def f(x):
    return max(x)
