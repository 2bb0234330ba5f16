"""printf-style % formatting."""


def pct(n: int, x: float, s: str) -> str:
    a = "%d items" % n
    b = "%s and %r" % (s, s)
    c = "%5d|%-5d|%05d|%+d|%x|%o|%X" % (n, n, n, n, n, n, n)
    d = "%.2f|%10.3f|%-10.1f|%e|%g|%.3g|%%" % (x, x, x, x, x, x)
    e = "%s %s %s" % (n, x, True)
    f = "%c%c" % (72, 105)
    return a + "\n" + b + "\n" + c + "\n" + d + "\n" + e + "\n" + f


def bad(s: str) -> str:
    return "%d" % s


def too_few(n: int) -> str:
    return "%d %d" % n


# run: pct(42, 3.14159, "it")
# run: pct(-7, -0.0, "")
# run: pct(0, 1e20, "ünï")
# run: bad("x")
# run: too_few(1)
