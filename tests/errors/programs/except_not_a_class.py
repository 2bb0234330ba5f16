# Refused: an except clause names exception classes.
# call: f(1)
# error: 8: expected an exception class

def f(x):
    try:
        y = 10 // x
    except x:
        y = 0
    return y
