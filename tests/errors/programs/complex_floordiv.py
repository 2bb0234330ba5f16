# Refused: // and % of complex numbers (CPython's TypeError).
# call: f(1.0)
# error: 6: unsupported operand type(s) for //: 'complex' and 'int'

def f(x):
    return complex(x, 1.0) // 2
