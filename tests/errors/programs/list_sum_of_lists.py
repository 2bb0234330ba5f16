# Refused: sum() of lists (CPython concatenates them; pts sums numbers).
# call: f([[1], [2]])
# error: 6: unsupported operand type(s) for +: sum() of List[int]

def f(xs):
    return sum(xs, [])
