# Refused: an attribute of a union of classes that is an int in one class and a str in
# the other (no one type for the value).
# call: f(1)
# error: 20: attribute 'v' of a Union[A, B] is int for A and str for B
from typing import Union


class A:
    def __init__(self):
        self.v = 1


class B:
    def __init__(self):
        self.v = "one"


def f(n: int) -> int:
    x: Union[A, B] = A() if n > 0 else B()
    y = x.v
    return 0
