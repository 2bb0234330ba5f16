# Refused: a recursive function whose result nests itself in a list (not in a tuple, which
# becomes a recursive tuple record): List[List[...]] has no finite type.
# call: f(3)
# error: 5: the result type of f() does not settle: it holds itself
def f(d: int):
    if d == 0:
        return []
    return [f(d - 1)]
