# Refused: a keyword argument sorted() does not take.
# call: f([3, 1, 2])
# error: 6: sorted() got an unexpected keyword argument 'cmp'

def f(xs):
    return sorted(xs, cmp=1)
