# Refused: **kwargs indexed with a key computed at run time.
# call: f(1.0, "a")
# error: 6: **kwargs is read with constant string keys here

def g(x, name, **kw):
    return x + kw[name]


def f(x, name):
    return g(x, name, a=1.0)
