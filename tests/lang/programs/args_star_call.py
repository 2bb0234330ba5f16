"""f(*t): a tuple's elements as the arguments of a call."""


def volume(w: float, h: float, d: float) -> float:
    return w * h * d


def dims(s: float):
    return s, s * 2.0, s * 3.0


def spread(*xs) -> int:
    return len(xs)


def run(s: float) -> float:
    t = dims(s)
    rest = (4.0, 5.0)
    return volume(*t) + volume(1.0, *rest) + spread(*t, 1.0) * 1000.0


# run: run(1.0)
# run: run(0.5)
