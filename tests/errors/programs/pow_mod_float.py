# Refused: pow with a modulus takes ints only (CPython's TypeError).
# call: f(2.0)
# error: 6: pow() 3rd argument not allowed unless all arguments are integers

def f(x):
    return pow(x, 3, 5)
