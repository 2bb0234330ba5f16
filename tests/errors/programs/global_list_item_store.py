# Refused: storing into a module-level list.
# call: f()
# error: 8: 'ROW' is a module-level list
ROW = [1, 2, 3]


def f() -> int:
    ROW[0] = 5
    return ROW[0]
