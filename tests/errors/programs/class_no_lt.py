# call: f(1)
# error: 11: '<' not supported between instances of 'P' and 'P'
class P:
    def __init__(self, x: int):
        self.x = x


def f(n: int) -> bool:
    p = P(n)
    q = P(2)
    return p < q
