# call: f(1)
# error: 14: has a metaclass
class Meta(type):
    pass


class K(metaclass=Meta):
    def __init__(self):
        self.v = 3


def f(n: int) -> int:
    m = n
    k = K()
    return k.v + m
