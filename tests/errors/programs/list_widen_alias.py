# Refused: a variable that holds a fresh List[float] on one path and an existing List[int]
# (the caller's) on another, read where both reach (only a fresh int list can be built as
# floats; this one is the caller's).
# call: f([1, 2])
# error: 9: cannot be both
def f(xs):
    u = [0.5]
    if len(xs) > 1:
        u = xs
    return sum(u)
