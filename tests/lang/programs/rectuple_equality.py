"""`==` and `!=` of recursive tuples: element by element, the Optional parts compared with
None as CPython compares tuples."""


def make(i: int, d: int):
    if d > 0:
        return (i, make(i, d - 1), make(i + 1, d - 1))
    return (i, None, None)


def same(a: int, b: int, d: int, e: int) -> list:
    x = make(a, d)
    y = make(b, e)
    return [x == y, x != y, x == x, make(a, d) == make(a, d)]


# run: same(1, 1, 3, 3)
# run: same(1, 2, 3, 3)
# run: same(1, 1, 2, 3)
# run: same(0, 0, 0, 0)
