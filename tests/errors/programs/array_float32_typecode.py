# Refused: array.array('f') made in scripted code (CPython rounds each element to float32;
# pts makes array.array values lists of Python numbers: 'd' and the integer typecodes).
# call: f(2)
# error: 9: array('f') is not supported
from array import array


def f(n):
    xs = array('f', [1.5]) * n
    return xs[0]
