# next(g) of an exhausted generator raises StopIteration: caught by try/except, or leaving
# the function (CPython's exception, empty message).
def squares(n: int):
    for i in range(n):
        yield i * i


def total_until_stop(n: int) -> int:
    g = squares(n)
    total = 0
    calls = 0
    try:
        while True:
            total += next(g)
            calls += 1
    except StopIteration:
        total += 1000 * calls
    return total


def stays_exhausted(n: int) -> int:
    g = squares(n)
    for _ in range(n):
        next(g)
    misses = 0
    for _ in range(3):
        try:
            next(g)
        except StopIteration:
            misses += 1
    return misses


def one_too_many(n: int) -> int:
    g = squares(n)
    s = 0
    for _ in range(n + 1):
        s += next(g)
    return s


# run: total_until_stop(5)
# run: total_until_stop(0)
# run: stays_exhausted(4)
# run: one_too_many(3)
