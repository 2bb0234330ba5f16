# Refused: a tuple used as an if condition.
# call: f(1, 2.5)
# error: 7: condition must be

def f(a, b):
    t = (a, b)
    if t:
        return 1
    return 0
