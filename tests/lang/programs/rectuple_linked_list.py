"""A linked list as nested pairs, (value, rest) ending in None: built recursively,
walked with a while loop and recursively."""


def build(n: int):
    if n == 0:
        return None
    return (n, build(n - 1))


def total(xs) -> int:
    s = 0
    while xs is not None:
        v, xs = xs
        s += v
    return s


def length(xs) -> int:
    if xs is None:
        return 0
    return 1 + length(xs[1])


def run(n: int) -> tuple:
    xs = build(n)
    return (total(xs), length(xs))


# run: run(0)
# run: run(1)
# run: run(500)
