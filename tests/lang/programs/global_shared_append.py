"""A module-level list changed in place by scripted code, as CPython shares it: appended to
by a callee, stored into, kept in a local (an alias: a change through it shows through the
global) and emptied back to its first item, so every run starts from the same contents."""
LOG = [0]


def push(x: int) -> None:
    LOG.append(x)


def log_squares(n: int) -> int:
    del LOG[1:]                     # back to the module's first contents
    for i in range(n):
        push(i * i)
    LOG[0] = len(LOG)
    alias = LOG
    alias.append(-1)
    total = 0
    for v in LOG:
        total += v
    return total * 1000 + len(LOG)


def last_pushed(n: int) -> int:
    del LOG[1:]
    push(n)
    push(n + 1)
    return LOG[-1] - LOG[-2] + len(LOG)


# run: log_squares(5)
# run: log_squares(0)
# run: last_pushed(7)
