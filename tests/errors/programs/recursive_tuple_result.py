# Refused: a bare `-> tuple` on a recursive function that builds a tree of tuples: the
# result type would hold itself.
# call: f(0, 3)
# error: 5: the result type of f() does not settle: it holds itself
def f(i: int, d: int) -> tuple:
    if d > 0:
        return (i, f(i, d - 1), f(i + 1, d - 1))
    return (i, None, None)
