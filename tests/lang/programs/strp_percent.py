"""printf-style % formatting: flags, widths, precision, conversions, tuples, errors."""


def pct(n: int, x: float, s: str) -> str:
    return "%d|%5d|%-5d|%05d|%+d|%x|%#X|%o|%.3d" % (n, n, n, n, n, n, n, n, n) + \
        " %f|%.2f|%10.3e|%g|%G|%-8.1f|%08.2f" % (x, x, x, x, x, x, x) + \
        " %s|%r|%.2s|%10s|%-6s|%c|%%" % (s, s, s, s, s, n % 100 + 32)


def one(n: int) -> str:
    return "value: %s" % n


def too_few(n: int) -> str:
    return "%d %d" % (n,)


def too_many(n: int) -> str:
    return "%d" % (n, n)


def wrong(s: str) -> str:
    return "%d" % s


# run: pct(42, 3.14159, "héllo")
# run: pct(-7, -0.5, "")
# run: pct(255, 1e20, "a'b")
# run: one(5)
# run: too_few(1)
# run: too_many(1)
# run: wrong("x")
