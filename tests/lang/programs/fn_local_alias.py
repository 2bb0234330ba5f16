"""A local bound to a function, and rebound to another in a branch: a call through it
takes whichever it holds."""


def inc(x: int) -> int:
    return x + 1


def dbl(x: int) -> int:
    return x * 2


def neg(x: int) -> int:
    return -x


def run(n: int, flag: bool) -> int:
    g = inc
    total = g(n)
    if flag:
        g = dbl
    elif n > 10:
        g = neg
    total += g(n) * 100
    return total


# run: run(3, True)
# run: run(3, False)
# run: run(30, False)
