# Refused: functions of different signatures in one list (a call cannot take both).
# call: f(0, 1.0)
# error: 15: the functions called here must share one signature

def one(x):
    return x + 1.0


def two(x, y):
    return x + y


def f(i, x):
    fs = [one, two]
    return fs[i](x)
