# Refused: enumerate() kept as a value (a list of tuples; pts lists hold numbers).
# call: f([3, 1])
# error: 6: enumerate() of Tuple[int, int] can only be iterated over here

def f(xs):
    e = enumerate(xs)
    return len(xs)
