# Refused: an f-string conversion other than !r, !s, !a (CPython: SyntaxError).
# call: f(1)
# parse-only
# error: 7: f-string: invalid conversion character

def f(x):
    return f"{x!z}"
