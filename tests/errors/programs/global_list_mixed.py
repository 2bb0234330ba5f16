# Refused: a module-level list of ints and strs (pts lists hold one type).
# call: f()
# error: 8: 'MIXED' is not a value pts can use here
MIXED = [1, "two", 3]


def f() -> int:
    return len(MIXED)
