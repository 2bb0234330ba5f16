# Refused: a generator kept as a value that defines a nested function.
# call: f(3)
# error: 7: a nested def is not supported in it

def g(n: int):
    k = 2
    def scale(x: int) -> int:
        return x * k
    for i in range(n):
        yield scale(i)


def f(n: int) -> int:
    it = g(n)
    return next(it)
