# Refused: math.gcd of a float (CPython's TypeError).
# call: f(2.5)
# error: 8: 'float' object cannot be interpreted as an integer
import math


def f(x):
    return math.gcd(x, 4)
