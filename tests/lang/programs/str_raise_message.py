"""Exceptions with messages built at run time: f-strings, concatenation, % and format."""


def check_range(n: int, lo: int, hi: int) -> int:
    if n < lo:
        raise ValueError(f"bad {n}: below {lo}")
    if n > hi:
        raise IndexError("index " + str(n) + " > " + str(hi))
    if n == 0:
        raise ZeroDivisionError("zero %s at %d" % ("value", n))
    if n == 13:
        raise RuntimeError("unlucky {}".format(n))
    return 100 // n


def named(name: str) -> str:
    if not name:
        raise TypeError(f"name must not be empty, got {name!r}")
    return name.upper()


# run: check_range(5, 1, 20)
# run: check_range(-3, 1, 20)
# run: check_range(30, 1, 20)
# run: check_range(0, -1, 20)
# run: check_range(13, 1, 20)
# run: named("ok")
# run: named("")
