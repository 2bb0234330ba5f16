"""A module-level list read in a callee, in a nested function and in a lambda: each reads
the same constant."""
TABLE = [1.0, 0.5, 0.25, 0.125]


def coeff(i: int) -> float:
    return TABLE[i % len(TABLE)]


def series(n: int) -> float:
    def term(i):
        return TABLE[i % 4] * i
    s = 0.0
    for i in range(n):
        s += coeff(i) + term(i)
    return s


def mapped(n: int) -> list:
    f = lambda i: TABLE[i] * 2
    return [f(i) for i in range(min(n, len(TABLE)))]


# run: series(6)
# run: series(0)
# run: mapped(3)
# run: mapped(10)
