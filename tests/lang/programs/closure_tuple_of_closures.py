"""A pair of closures returned in a tuple, called through constant indices."""


def make_scaler(lo: float, hi: float):
    width = hi - lo
    to_unit = lambda x: (x - lo) / width
    from_unit = lambda u: lo + u * width
    return to_unit, from_unit


def run(x: float) -> float:
    fs = make_scaler(2.0, 6.0)
    u = fs[0](x)
    back, fwd = fs[1], fs[0]
    return u * 1000.0 + back(u) + fwd(back(0.25))


# run: run(3.0)
# run: run(10.0)
