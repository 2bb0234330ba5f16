# Refused: nonlocal (CPython itself refuses this one at module level).
# call: f(3)
# parse-only
# error: 7: 'nonlocal' is not supported

def f(x):
    nonlocal y
    y = x
    return y
