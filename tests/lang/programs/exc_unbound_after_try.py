"""A variable assigned only in the try body is unbound after a caught exception."""


def f(n: int) -> int:
    try:
        y = 10 // n
    except ZeroDivisionError:
        print("no y")
    return y


# run: f(2)
# run: f(0)
