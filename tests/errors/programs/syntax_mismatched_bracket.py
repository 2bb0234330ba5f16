# Refused: syntax error: '(' closed by ']'.
# call: f(1)
# parse-only
# error: 7:

def f(x):
    y = (x + 1]
    return y
