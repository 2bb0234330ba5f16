# call: f(1)
# error: 12: cannot be both
class Box:
    def __init__(self):
        self.v = 1


def f(n: int) -> int:
    b = Box()
    if n > 0:
        b.v = 2
    b.v = "two"
    return 0
