# Refused: copy.deepcopy of something pts cannot copy (a function value); the message
# names the type.
# call: f(2)
# error: 13: copy.deepcopy() of a
import copy


def g(x: int) -> int:
    return x


def f(n: int):
    h = copy.deepcopy(g)
    return h(n)
