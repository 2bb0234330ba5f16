# Refused: a lazy iterable of tuples after the first argument of zip().
# call: f([3, 1])
# error: 6: zip() argument 2: a lazy iterable of Tuple[int, int] is only supported as the first argument

def f(xs):
    for a, (i, b) in zip(xs, enumerate(xs)):
        print(a, i, b)
    return 0
