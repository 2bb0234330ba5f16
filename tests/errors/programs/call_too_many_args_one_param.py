# Refused: two arguments to a one-parameter function.
# call: f(1)
# error: 11: double() takes 1 argument but 2 were given

def double(a):
    return a * 2


def f(x):
    y = x + 1
    return double(x, y)
