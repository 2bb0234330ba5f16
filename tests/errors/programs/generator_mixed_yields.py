# Refused: a generator that yields values of two types.
# call: f()
# error: 7: generator 'g' yields both int and Tuple[int, int]

def g():
    yield 1
    yield 1, 2


def f():
    return sum(g())
