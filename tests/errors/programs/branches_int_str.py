# Refused: a conditional expression yielding int or str.
# call: f(1)
# error: 6: branches have different types

def f(x):
    y = x if x > 0 else "negative"
    return x
