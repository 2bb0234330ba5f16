# Refused: sets are not part of the language (yet).
# call: f(1)
# error: 6: 'set literal' is not supported

def f(x):
    seen = {1, 2, 3}
    return x
