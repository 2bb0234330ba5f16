# Refused: list.sort takes only key= and reverse= (as in CPython).
# call: f([3, 1])
# error: 6: sort() takes no positional arguments

def f(xs):
    xs.sort(True)
    return xs
