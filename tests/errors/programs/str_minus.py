# Refused: str - str.
# call: f("abc")
# error: 6: unsupported operand type(s) for -: 'str' and 'str'

def f(s: str):
    return s - "a"
