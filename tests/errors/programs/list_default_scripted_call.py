# Refused: a list default in a call from scripted code (CPython shares the default object
# between calls; pts does that only for calls from Python).
# call: f(2)
# error: 13: the default value of add()'s parameter 'acc' (list [])
def add(x, acc=[]):
    acc.append(x)
    return len(acc)


def f(n: int) -> int:
    s = 0
    for i in range(n):
        s += add(i)
    return s
