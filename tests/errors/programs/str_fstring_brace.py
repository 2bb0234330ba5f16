# Refused: a single '}' in an f-string (CPython: SyntaxError).
# call: f(1)
# parse-only
# error: 7: f-string: single '}' is not allowed

def f(x):
    return f"a}"
