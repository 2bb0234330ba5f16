# Refused: isinstance() with something that is not a class pts can name when compiling.
# call: f(3)
# error: 6: isinstance() arg 2 must be a class or a tuple of classes
def f(n: int) -> bool:
    kinds = (int, float)
    return isinstance(n, kinds[0])
