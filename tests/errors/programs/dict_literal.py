# Refused: dicts are not part of the language (yet).
# call: f(1)
# error: 6: 'dict literal' is not supported

def f(x):
    table = {1: 2, 3: 4}
    return x
