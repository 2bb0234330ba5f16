"""A module-level list read inside a generator function (inlined into its consumer) and in
a loop of the caller: every read sees the same constant."""
STEPS = [1, 2, 4, 8]


def walk(n: int):
    pos = 0
    for i in range(n):
        pos += STEPS[i % len(STEPS)]
        yield pos


def positions(n: int) -> list:
    return [p for p in walk(n)]


def last_big(n: int) -> int:
    best = 0
    for p in walk(n):
        if p > STEPS[-1] and p > best:
            best = p
    return best


# run: positions(6)
# run: positions(0)
# run: last_big(7)
