# Refused: a list display mixing int and str.
# call: f(1)
# error: 6: list elements have different types

def f(x):
    xs = [x, "two"]
    return x
