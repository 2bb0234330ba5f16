# Refused: a str stored in a dict of ints (the first store decided the value type).
# call: f(1)
# error: 8: cannot store str in Dict[str, int]

def f(x):
    d = {}
    d["a"] = x
    d["b"] = "text"
    return len(d)
