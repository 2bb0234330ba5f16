# Refused: a conditional expression yielding float or a list.
# call: f(1.0)
# error: 7: branches have different types

def f(x):
    ys = [x, x]
    z = x if x > 0.0 else ys
    return x
