# Refused: two closures that capture variables in one variable (each carries its own
# captured values).
# call: f(2, True)
# error: 7: a closure that captures variables cannot share a variable

def f(a, c):
    h = (lambda x: x + a) if c else (lambda x: x * a)
    return h(1)
