# Refused: printing a function (CPython prints its address).
# call: f(1)
# error: 10: printing a function is not supported

def g(x):
    return x


def f(n):
    print(g)
    return n
