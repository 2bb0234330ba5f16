# Refused: a variable that is a range and later a list, printed (CPython prints the range
# object, `range(0, 3)`: a list would print differently).
# call: f(3)
# error: 8: variable 'd' cannot be both
def f(n):
    d = range(n)
    if n > 5:
        d = [1, 2]
    print(d)
