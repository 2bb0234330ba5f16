# Refused: keyword arguments in a call of one of several functions.
# call: f(0)
# error: 15: keyword arguments in a call of one of several functions

def a(x):
    return x


def b(x):
    return -x


def f(i):
    fs = [a, b]
    return fs[i](x=1)
