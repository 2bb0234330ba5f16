# Refused: list - int.
# call: f([1, 2])
# error: 7: unsupported operand type(s) for -: 'List[int]' and 'int'

def f(xs):
    n = len(xs)
    ys = xs - n
    return n
