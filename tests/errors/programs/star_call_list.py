# Refused: f(*xs) with a list (its length is not known when compiling).
# call: f([1, 2])
# error: 10: '*' at a call needs a tuple

def g(a, b):
    return a + b


def f(xs):
    return g(*xs)
