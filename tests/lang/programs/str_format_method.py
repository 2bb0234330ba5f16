"""str.format: automatic and explicit field numbers, specs, conversions, braces."""


def fmt(a: int, b: float, s: str) -> str:
    one = "{} {} {}".format(a, b, s)
    two = "{0} {1} {0} {2!r}".format(a, b, s)
    three = "{:>6}|{:<8.3f}|{:^9}|{{literal}}".format(a, b, s)
    return one + " / " + two + " / " + three


def bad_index(a: int) -> str:
    return "{0} {1}".format(a)


# run: fmt(3, 2.5, "x")
# run: fmt(-10, 1e-7, "héllo")
# run: bad_index(1)
