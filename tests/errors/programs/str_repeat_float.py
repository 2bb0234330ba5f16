# Refused: a str repeated by a float.
# call: f("ab")
# error: 6: unsupported operand type(s) for *: 'str' and 'float'

def f(s: str):
    return s * 2.0
