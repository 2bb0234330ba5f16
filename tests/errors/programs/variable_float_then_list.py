# Refused: a variable that is a float, then in a loop a list, read where both reach.
# call: f(1.5)
# error: 8: variable 'x' cannot be both float and List[float]

def f(v):
    x = v * 2.0
    for i in range(2):
        x = [v, v]
    print(x)
    return v
