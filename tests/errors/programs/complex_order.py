# Refused: complex numbers have no order (CPython's TypeError).
# call: f(1.0)
# error: 6: '<' not supported between instances of 'complex' and 'complex'

def f(x):
    return complex(x, 1.0) < 2j
