# Refused: a builtin pts does not compile.
# call: f([3, 1, 2])
# error: 6: cannot call 'sorted': not a function pts can compile

def f(xs):
    ys = sorted(xs)
    return ys[0]
