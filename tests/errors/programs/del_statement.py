# Refused: del is not part of the language.
# call: f(1)
# error: 7: 'del' is not supported

def f(x):
    y = x + 1
    del y
    return x
