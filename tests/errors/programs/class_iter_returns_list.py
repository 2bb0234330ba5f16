# Refused: an __iter__ that is neither a generator nor `return iter(...)`.
# call: f(2)
# error: 17: Box.__iter__ must be a generator (yield) or return iter(...) of an iterable


class Box:
    def __init__(self, x: int):
        self.x = x

    def __iter__(self):
        xs = [self.x, self.x]
        return iter(xs)


def f(n):
    s = 0
    for v in Box(n):
        s += v
    return s
