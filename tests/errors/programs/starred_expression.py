# Refused: unpacking with * inside a list display.
# call: f([1, 2])
# error: 6: 'starred expression' is not supported

def f(xs):
    ys = [0, *xs]
    return len(ys)
