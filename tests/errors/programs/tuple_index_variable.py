# Refused: a tuple indexed by a variable.
# call: f(1)
# error: 7: tuple index must be a constant int

def f(i):
    t = (1, 2.5)
    return t[i]
