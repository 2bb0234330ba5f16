# Refused: `-> list` on a function that returns something else.
# call: f(2)
# error: 4: annotated to return a list but returns int
def f(n) -> list:
    return n * 2
