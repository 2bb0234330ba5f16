# Refused: a nested function's default that is not a literal.
# call: f(2)
# error: 7: the default of 'k' in a nested function or lambda must be a literal

def f(x):
    n = x * 2
    g = lambda v, k=n: v + k
    return g(1)
