# Refused: a builtin pts does not compile (iterators as values: next/iter).
# call: f([3, 1, 2])
# error: 6: cannot call 'next': not a function pts can compile

def f(xs):
    y = next(iter(xs))
    return y
