"""Expressions that make a new list from a module-level one (slices, +, *, list(G)): the
new list may be changed; the global stays as it was, as in CPython."""
BASE = [1, 2, 3]


def extended(x: int) -> list:
    ys = BASE + [x]
    ys.append(x * 10)
    return ys


def doubled() -> list:
    return BASE * 2


def tail() -> list:
    t = BASE[1:]
    t[0] = 99
    return t + BASE


def copied_and_changed(n: int) -> list:
    c = list(BASE)
    for i in range(n):
        c.append(i)
    c[0] = -1
    return c + BASE[::-1]


# run: extended(4)
# run: doubled()
# run: tail()
# run: copied_and_changed(3)
# run: copied_and_changed(0)
