# Refused: a range object is not a list element.
# call: f(3)
# error: 6: lists of

def f(n):
    xs = [range(n)]
    return len(xs)
