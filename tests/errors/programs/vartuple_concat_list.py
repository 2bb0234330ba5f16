# Refused: a tuple and a list do not concatenate (TypeError in CPython).
# call: f([1, 2])
# error: 7: can only concatenate tuple (not "list") to tuple

def f(xs):
    t = tuple(xs)
    return t + xs
