# Refused: tuple * float.
# call: f(1, 2.0)
# error: 7: unsupported operand type(s) for *: 'Tuple[int, float]' and 'float'

def f(a, b):
    t = (a, b)
    u = t * b
    return a
