# Refused: a list passed to a float parameter.
# call: f([1.0, 2.0])
# error: 10: argument 'v' of half() expects float, got List[float]

def half(v: float) -> float:
    return v / 2.0


def f(xs):
    return half(xs)
