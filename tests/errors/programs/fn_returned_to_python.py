# Refused: a function returned to Python (function values live inside compiled code).
# call: f(1)
# error: 9: functions are values inside compiled code only

def g(x):
    return x


def f(n):
    return g
