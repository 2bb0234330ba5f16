# Refused: a name that is bound nowhere.
# call: f(1)
# error: 7: name 'y' is not defined

def f(x):
    z = x + 1
    return z + y
