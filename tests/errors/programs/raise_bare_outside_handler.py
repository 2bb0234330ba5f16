# Refused: a bare raise outside an except clause (CPython: RuntimeError at run time).
# call: f(1)
# error: 7: bare 'raise' outside an except clause is not supported

def f(x):
    if x > 0:
        raise
    return x
