# Refused: a for loop over an object whose class has no __iter__ (CPython: TypeError).
# call: f(2)
# error: 14: 'Box' object is not iterable


class Box:
    def __init__(self, x: int):
        self.x = x


def f(n):
    s = 0
    b = Box(n)
    for v in b:
        s += v
    return s
