# Refused: a variable that is a range and later a list, mutated (pts would have to build
# the range as a list, and a list and a range differ once changed: only reads are taken).
# call: f(3)
# error: 7: variable 'd' cannot be both range and List[int]
def f(n):
    d = range(n)
    d = [1, 2]
    d.append(n)
    return d[0]
