# Refused: an empty dict whose types nothing decides.
# call: f(1)
# error: 5: cannot infer the types of the empty dict 'd'

def f(x):
    d = {}
    return x + len(d)
