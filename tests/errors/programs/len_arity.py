# Refused: len with two arguments.
# call: f([1, 2])
# error: 6: len() takes 1 argument but 2 were given

def f(xs):
    return len(xs, 1)
