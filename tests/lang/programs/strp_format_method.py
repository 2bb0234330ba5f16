"""str.format templates: automatic and manual numbering, conversions, specs, braces, and
the errors CPython raises."""


def fmt(name: str, n: int, x: float) -> str:
    return "{} has {} items at {:.2f} ({!r}) {{ok}} {:>8}|{:*^9}|{:,}".format(name, n, x, name, n, name, n * 1000)


def manual(a: str, b: int) -> str:
    return "{1}-{0}-{1}: {0!r:>10} {1:05d}".format(a, b)


def mixed(a: int) -> str:
    return "{} {0}".format(a, a)


def missing(a: int) -> str:
    return "{} {}".format(a)


# run: fmt("ana", 3, 2.5)
# run: fmt("zoë", -1, -0.125)
# run: manual("x", 42)
# run: mixed(1)
# run: missing(1)
