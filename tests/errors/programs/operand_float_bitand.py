# Refused: bitwise and on floats.
# call: f(1.5, 2.5)
# error: 6: unsupported operand type(s) for &: 'float' and 'float'

def f(a, b):
    c = a & b
    return c
