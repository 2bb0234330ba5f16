# Refused: try/except is not part of the language.
# call: f(1)
# error: 7: 'try' is not supported

def f(x):
    y = 0
    try:
        y = 10 // x
    except ZeroDivisionError:
        y = -1
    return y
