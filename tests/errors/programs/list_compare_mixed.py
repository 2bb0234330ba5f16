# Refused: ordering lists of different element types.
# call: f([1], ["a"])
# error: 6: not supported between instances of

def f(xs, ys):
    return xs < ys
