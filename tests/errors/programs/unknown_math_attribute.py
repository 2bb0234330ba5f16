# Refused: a math function that does not exist.
# call: f(2.0)
# error: 9: module 'math' has no attribute 'foo'

import math


def f(x):
    return math.foo(x)
