# Refused: augmented assignment with a str operand (CPython says '-=').
# call: f(1)
# error: 6: unsupported operand type(s) for -

def f(x):
    x -= "a"
    return x
