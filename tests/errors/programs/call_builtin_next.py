# Refused: iter() of a list (iterators of lists, strs, ... as values; pts takes next() and
# iter() of generator objects).
# call: f([3, 1, 2])
# error: 7: iter() of List[int] is not supported

def f(xs):
    y = next(iter(xs))
    return y
