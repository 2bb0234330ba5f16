# Refused: `<` between recursive tuples (CPython compares them item by item and raises
# TypeError only if it reaches a None against a tuple; pts does not order them at all).
# call: f(1, 2)
# error: 14: '<' not supported between instances of 'tuple' and 'tuple'
def make(i: int, d: int):
    if d > 0:
        return (i, make(i, d - 1), make(i + 1, d - 1))
    return (i, None, None)


def f(a: int, b: int) -> bool:
    x = make(a, 1)
    y = make(b, 1)
    return x < y
