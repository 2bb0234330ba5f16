# call: f(1.0)
# error: 12: its class has no __repr__
class P:
    def __init__(self, x: float):
        self.x = x


def f(a: float) -> str:
    p = P(a)
    if a > 0:
        p.x = 2.0
    return str(p)
