# Refused: a builtin exception class outside the hierarchy pts carries (OSError).
# call: f(1)
# error: 7: exception class OSError is not supported

def f(x):
    if x > 0:
        raise OSError("disk")
    return x
