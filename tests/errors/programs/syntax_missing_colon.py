# Refused: syntax error: an if without its colon.
# call: f(1)
# parse-only
# error: 8:

def f(x):
    y = x * 2
    if y > 3
        y = 0
    return y
