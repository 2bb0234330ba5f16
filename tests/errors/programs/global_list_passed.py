# Refused: passing a module-level list on (the callee could keep or change it).
# call: f()
# error: 13: copy it first: list(TABLE)
TABLE = [1.0, 2.0]


def scale(xs):
    xs[0] *= 2.0
    return xs[0]


def f() -> float:
    return scale(TABLE)
