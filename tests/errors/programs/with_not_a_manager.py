# Refused: `with` over a value that is not an object of a user class.
# call: f(2)
# error: 7: 'List[int]' object does not support the context manager protocol


def f(n):
    with [n, n]:
        n += 1
    return n
