"""**kwargs: the extra keyword arguments of a call, read by name ("in", [], get, len)."""


def opts(x: float, **kw) -> float:
    y = x
    if "scale" in kw:
        y = y * kw["scale"]
    if "verbose" not in kw:
        y += 0.5
    y += kw.get("shift", 0.0)
    return y + len(kw)


def run(x: float) -> float:
    return (opts(x) + opts(x, scale=2.0) * 10.0 + opts(x, shift=5.0, scale=0.5) * 100.0
            + opts(x, verbose=1) * 1000.0)


# run: run(1.5)
# run: run(-2.0)
