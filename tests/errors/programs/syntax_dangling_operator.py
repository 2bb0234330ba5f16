# Refused: syntax error: a binary operator with no left operand.
# call: f(1)
# parse-only
# error: 7:

def f(x):
    y = x + * 2
    return y
