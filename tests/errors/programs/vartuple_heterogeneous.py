# Refused: a Tuple[T, ...] holds one element type: (1,) on one path, ("a", "b") on another.
# call: f(1)
# error: 8: cannot be both

def f(n):
    t = (1,)
    if n > 0:
        t = ("a", "b")
    return len(t)
