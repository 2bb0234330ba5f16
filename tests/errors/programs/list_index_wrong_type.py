# Refused: looking for a str in a List[int] (always absent; pts lists hold one type).
# call: f([3, 1])
# error: 6: index() of str on List[int] is not supported

def f(xs):
    return xs.index("a")
