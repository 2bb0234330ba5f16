# Refused: a str passed to an int parameter.
# call: f(1)
# error: 10: argument 'n' of square() expects int, got str

def square(n: int) -> int:
    return n * n


def f(x):
    return square("three")
