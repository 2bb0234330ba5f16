# Refused: a variable rebound from int to a list.
# call: f(2)
# error: 8: variable 'x' cannot be both int and List[int]

def f(n):
    x = n
    y = [1, 2]
    x = y
    return n
