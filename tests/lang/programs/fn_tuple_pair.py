"""Functions in tuples: indexed by constants, unpacked, returned."""


def lo(x: float) -> float:
    return x - 1.0


def hi(x: float) -> float:
    return x + 1.0


def bounds():
    return lo, hi


def run(x: float) -> float:
    pair = (lo, hi)
    f, g = bounds()
    return pair[0](x) * 10.0 + pair[1](x) + f(g(x))


# run: run(2.5)
# run: run(-1.0)
