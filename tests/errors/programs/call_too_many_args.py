# Refused: a call with one argument too many.
# call: f(1)
# error: 10: add() takes 2 arguments but 3 were given

def add(a, b):
    return a + b


def f(x):
    return add(x, 2, 3)
