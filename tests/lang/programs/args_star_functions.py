"""*args holding functions: each one applied in turn."""


def inc(x: int) -> int:
    return x + 1


def dbl(x: int) -> int:
    return x * 2


def chain(x: int, *fs) -> int:
    for f in fs:
        x = f(x)
    return x


def run(x: int) -> int:
    return chain(x) + chain(x, inc) * 10 + chain(x, inc, dbl, dbl) * 100 + chain(x, dbl, inc) * 1000


# run: run(3)
# run: run(-1)
