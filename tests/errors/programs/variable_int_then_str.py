# Refused: a variable rebound from int to str.
# call: f(1)
# error: 7: variable 'x' cannot be both int and str

def f(n):
    x = n + 1
    x = "done"
    return n
