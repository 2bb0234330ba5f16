# Refused: keys of two types in one dict literal.
# call: f(1)
# error: 6: dict keys have different types: int and str

def f(x):
    table = {1: 2, "a": 3}
    return x
