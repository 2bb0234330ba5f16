# Refused: a cmath function pts does not have.
# call: f(1.0)
# error: 8: cmath.asin is not supported
import cmath


def f(x):
    return cmath.asin(complex(x, 0.5))
