# Refused: a method called on a union of classes that one of them lacks (CPython would
# raise AttributeError only when an object of that class comes).
# call: f(1)
# error: 21: 'Wall' object has no attribute 'bounce': the value is a Union[Ball, Wall], and each of its classes must have it


class Ball:
    def bounce(self) -> int:
        return 1


class Wall:
    def __init__(self):
        self.h = 2


def f(n: int) -> int:
    xs = [Ball(), Wall()]
    total = 0
    for x in xs:
        total += x.bounce()
    return total
