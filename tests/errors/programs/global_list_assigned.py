# Refused: keeping a module-level list in a local (an alias of the shared list).
# call: f()
# error: 8: 'ROW' is a module-level list
ROW = [1, 2, 3]


def f() -> int:
    r = ROW
    r[0] = 5
    return r[0]
