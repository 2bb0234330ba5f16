"""`else` runs only when the try body raised nothing; its own errors are not caught there."""


def f(a: int, b: int) -> int:
    r = 0
    try:
        r = a // b
    except ZeroDivisionError:
        print("div by zero")
        r = -1
    else:
        print("no error", r)
        r = r * 10
    return r


def else_raises(a: int) -> int:
    try:
        x = a + 1
    except ValueError:
        return -1
    else:
        if x > 5:
            raise ValueError("from else")
    return x


# run: f(9, 2)
# run: f(9, 0)
# run: else_raises(1)
# run: else_raises(10)
