# Refused: floats stored into a list of ints that a call returns but did not make (it is
# the caller's list, passed through): pts builds an int list as floats only where it is
# made, and copying this one would break sharing.
# call: f([1, 2])
# error: 12: and this existing List[int]

def first_half(xs):
    return xs


def f(xs):
    c = first_half(xs)
    c[0] = 0.5
    return c
