# Refused: a list holds one type.
# call: f(1)
# error: 6: list elements have different types

def f(n):
    xs = [n, "a"]
    return len(xs)
