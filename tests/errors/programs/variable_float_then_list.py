# Refused: a variable rebound from float to a list.
# call: f(1.5)
# error: 7: variable 'x' cannot be both float and List[float]

def f(v):
    x = v * 2.0
    x = [v, v]
    return v
