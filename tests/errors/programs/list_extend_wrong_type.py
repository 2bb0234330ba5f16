# Refused: extending a List[int] with strings.
# call: f([1])
# error: 6: cannot extend List[int] with List[str]

def f(xs):
    xs.extend(["a"])
    return xs
