# Refused: changing a module-level list (pts folds a global list into the code as a
# constant where it is only read; CPython would change the shared list).
# call: f(1)
# error: 9: 'SEEN' is a module-level list, which pts folds into the code as a constant
SEEN = [0]


def f(x: int) -> int:
    SEEN.append(x)
    return len(SEEN)
