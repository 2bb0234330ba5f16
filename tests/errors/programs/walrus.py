# Refused: assignment expressions are not part of the language.
# call: f(2)
# error: 6: 'walrus (:=)' is not supported

def f(x):
    if (y := x + 1) > 2:
        return y
    return x
