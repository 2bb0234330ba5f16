# Refused: calling a value that is not a function.
# call: f(2)
# error: 7: 'int' object is not callable

def f(x):
    y = x + 1
    return y(3)
