# Refused: int + str.
# call: f(1)
# error: 7: unsupported operand type(s) for +: 'int' and 'str'

def f(x):
    y = x * 2
    return y + "1"
