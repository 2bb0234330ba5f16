"""Comparisons with None where CPython gives a constant answer."""


def f(n: int) -> int:
    r = 0
    if n == None:  # noqa: E711
        r += 1
    if n != None:  # noqa: E711
        r += 10
    if None is None:
        r += 100
    return r


# run: f(0)
# run: f(7)
