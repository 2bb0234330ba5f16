# Refused: sum() of something that is not a number.
# call: f([3, 1])
# error: 6: sum() of Tuple[int, int]

def f(xs):
    return sum(zip(xs, xs))
