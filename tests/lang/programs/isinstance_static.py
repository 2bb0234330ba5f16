"""isinstance(x, C) decided when compiling (frontend/check_isinstance.py): one function
written for several argument types takes, in each specialization, the branch its
argument's type decides — with CPython's answers (a bool is an int; a tuple of classes)."""


def describe(x) -> str:
    if isinstance(x, bool):
        return "bool " + str(x)
    elif isinstance(x, int):
        return "int " + str(x + 1)
    elif isinstance(x, float):
        return "float " + str(x * 2)
    elif isinstance(x, str):
        return "str " + x.upper()
    elif isinstance(x, (list, tuple)):
        return "sequence of " + str(len(x))
    return "other"


def total(x) -> float:
    if isinstance(x, (int, float)):
        return float(x)
    s = 0.0
    for v in x:
        s += v
    return s


def kinds(n: int) -> list:
    return [describe(n), describe(n > 2), describe(n / 4), describe("ab" * n),
            describe([1, 2, n]), describe((n, n)), describe({n: 1}),
            str(isinstance(True, int)), str(isinstance(n, (str, float)))]


def sums(n: int) -> tuple:
    return (total(n), total(2.5), total([1.0, 2.0 * n]), total((1, 2, n)))


# run: kinds(3)
# run: kinds(-1)
# run: sums(4)
