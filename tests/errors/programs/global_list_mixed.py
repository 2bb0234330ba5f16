# Refused: a module-level list of ints and strs (pts lists hold one type).
# call: f()
# error: 8: the module-level list 'MIXED' cannot be shared with scripted code
MIXED = [1, "two", 3]


def f() -> int:
    return len(MIXED)
