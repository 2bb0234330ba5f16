# Refused: a variable that is an int on one path and a list on another, read where both reach.
# call: f(2)
# error: 9: variable 'x' cannot be both int and List[int]

def f(n):
    x = n
    y = [1, 2]
    if n > 1:
        x = y
    print(x)
    return n
