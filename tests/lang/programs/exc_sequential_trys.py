"""Several try statements one after the other, each with its own handler."""


def steps(a: int, b: int, c: int) -> int:
    r = 0
    try:
        r += 100 // a
    except ZeroDivisionError:
        r += 1
    try:
        r += 100 // b
    except ZeroDivisionError:
        r += 2
    try:
        r += 100 // c
    except ZeroDivisionError:
        r += 4
    return r


# run: steps(1, 2, 3)
# run: steps(0, 2, 0)
# run: steps(0, 0, 0)
