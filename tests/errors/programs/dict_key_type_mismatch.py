# Refused: a str key looked up in a dict of int keys.
# call: f(1)
# error: 7: cannot use str as a key of Dict[int, int]

def f(x):
    d = {1: 2}
    return d["a"]
