# Refused: a name imported inside a function and also assigned there (pts binds an
# imported name when compiling).
# call: f(2.0)
# error: 7: 'math' is imported here and also assigned in f()

def f(x):
    import math
    y = math.sqrt(x)
    math = 3
    return y + math
