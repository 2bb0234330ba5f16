# Refused: the closure is passed to another function (a value, not only called by its
# name), and the variable it captures is assigned after it is made: the message says what
# to write instead.
# call: f(2)
# error: 15: only called by its name reads its captured variables at each call


def twice(g, v):
    return g(g(v))


def f(x):
    def add(v):
        return v + k
    k = 1
    return twice(add, x)
