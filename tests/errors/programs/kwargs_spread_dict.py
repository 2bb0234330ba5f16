# Refused: `**d` at a call with a dict (its keys are known only at run time); only the
# function's own **kwargs mapping spreads.
# call: f(2)
# error: 12: '**' at a call needs the function's own **kwargs

def g(a=0, b=0):
    return a + b


def f(n):
    d = {"a": n}
    return g(**d)
