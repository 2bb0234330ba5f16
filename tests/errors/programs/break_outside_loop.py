# Refused: break with no enclosing loop (CPython refuses it when compiling).
# call: f(1)
# parse-only
# error: 8: 'break' outside loop

def f(x):
    if x > 0:
        break
    return x
