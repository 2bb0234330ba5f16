# Refused: a float passed to an int parameter.
# call: f(1.5)
# error: 10: argument 'n' of square() expects int, got float

def square(n: int) -> int:
    return n * n


def f(x):
    return square(x)
