# Refused: sets are not subscriptable.
# call: f(1)
# error: 7: 'set' object is not subscriptable

def f(x):
    s = {1, 2}
    return s[x]
