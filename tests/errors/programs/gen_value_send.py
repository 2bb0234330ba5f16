# Refused: send() of a generator object (values sent into a generator are not supported).
# call: f(3)
# error: 14: generator objects have no send() in pts

def g(n: int):
    while True:
        yield n
        n += 1


def f(n: int) -> int:
    it = g(n)
    next(it)
    return it.send(5)
