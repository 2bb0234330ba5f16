# Refused: an attribute lists do not have.
# call: f([1, 2])
# error: 6: 'List[int]' has no attribute 'foo'

def f(xs):
    y = xs.foo
    return len(xs)
