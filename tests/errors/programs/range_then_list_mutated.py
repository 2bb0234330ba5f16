# Refused: a variable that is a range on one path and a list on another, mutated where both
# reach (pts would have to build the range as a list, and a list and a range differ once
# changed: only reads are taken).
# call: f(3)
# error: 9: variable 'd' cannot be both range and List[int]
def f(n):
    d = range(n)
    if n > 5:
        d = [1, 2]
    d.append(n)
    return d[0]
