# Refused: a tuple used as a while condition.
# call: f(1, 2.5)
# error: 8: condition must be

def f(a, b):
    n = 0
    t = (a, b)
    while t:
        n += 1
        break
    return n
