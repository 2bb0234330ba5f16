# Refused: a tuple repeated by a count known only at run time (a tuple's length is part
# of its type; a list is the variable-length sequence).
# call: f(3)
# error: 8: a tuple can be repeated only by a count known when compiling


def f(n: int):
    return (0,) * n
