# Refused: a generator that iterates over itself (generators are inlined into their loop).
# call: f(3)
# error: 8: generator 'walk' iterates over itself (recursive generators are not supported)

def walk(n: int):
    if n > 0:
        yield n
        yield from walk(n - 1)


def f(n):
    return sum(walk(n))
