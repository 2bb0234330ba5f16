# Refused: an exception takes one message argument here.
# call: f(1)
# error: 7: ValueError() takes at most one message argument here

def f(x):
    if x > 0:
        raise ValueError("bad", x)
    return x
