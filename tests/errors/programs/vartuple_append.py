# Refused: a tuple of run-time length has no list methods (AttributeError in CPython).
# call: f([1, 2])
# error: 7: 'tuple' object has no attribute 'append'

def f(xs):
    t = tuple(xs)
    t.append(3)
    return t
