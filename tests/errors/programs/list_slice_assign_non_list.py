# Refused: slice assignment takes a list of the same type.
# call: f([1, 2, 3])
# error: 6: can only assign a List[int] to a slice of List[int], not int

def f(xs):
    xs[1:2] = 5
    return xs
