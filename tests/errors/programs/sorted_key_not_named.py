# Refused: a bound method that takes no argument as a key (methods are values now:
# `key=d.get`; this one cannot take the element, CPython's TypeError when it runs).
# call: f([3, 1, 2])
# error: 7: copy() takes 0 arguments but 1 were given

def f(xs):
    return sorted(xs, key=xs.copy)
