# Refused: a parameter rebound with another type.
# call: f(1)
# error: 6: variable 'n' cannot be both int and str

def f(n: int):
    n = "one"
    return 0
