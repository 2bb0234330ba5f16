# Refused: chr of a float.
# call: f(1.5)
# error: 6: 'float' object cannot be interpreted as an integer

def f(x: float):
    return chr(x)
