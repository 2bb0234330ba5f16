# call: f(1)
# error: 10: 'P' object has no attribute 'z'
class P:
    def __init__(self, x: int):
        self.x = x


def f(n: int) -> int:
    p = P(n)
    return p.z
