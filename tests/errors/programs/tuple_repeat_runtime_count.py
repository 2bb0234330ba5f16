# Refused: a tuple of items of different types repeated by a count known only at run time
# (its length is then known only at run time, and a Tuple[T, ...] holds one element type).
# call: f(3)
# error: 8: a tuple can be repeated only by a count known when compiling


def f(n: int):
    return (0, "a") * n
