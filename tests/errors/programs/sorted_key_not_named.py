# Refused: a key that is not a named function (functions as values are not supported yet).
# call: f([3, 1, 2])
# error: 6: sorted()'s key must be a named function

def f(xs):
    return sorted(xs, key=xs.copy)
