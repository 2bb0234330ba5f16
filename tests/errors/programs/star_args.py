# Refused: variadic parameters are not part of the language.
# call: f(1, 2)
# error: 5: '*args' is not supported

def f(*args):
    return len(args)
