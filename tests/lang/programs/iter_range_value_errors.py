"""Errors with range values: IndexError and ValueError as CPython words them."""


def bad_index(n: int, i: int) -> int:
    r = range(n)
    return r[i]


def bad_step(s: int) -> int:
    r = range(1, 5, s)
    return len(r)


# run: bad_index(3, 3)
# run: bad_index(3, -4)
# run: bad_index(0, 0)
# run: bad_index(3, -3)
# run: bad_step(0)
# run: bad_step(-1)
