# Refused: a variable that holds an existing List[int] and later a List[float] (only a
# fresh int list can be built as floats; this one is the caller's).
# call: f([1, 2])
# error: 7: cannot be both
def f(xs):
    u = [0.5]
    u = xs
    return sum(u)
