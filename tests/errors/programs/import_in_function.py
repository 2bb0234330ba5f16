# Refused: imports belong at module level.
# call: f(2.0)
# error: 6: 'import' is not supported

def f(x):
    import math
    return math.sqrt(x)
