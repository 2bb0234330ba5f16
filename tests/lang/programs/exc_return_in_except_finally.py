"""return from a handler runs finally; the returned value is the handler's."""


def f(n: int) -> int:
    r = 0
    try:
        r = 10 // n
    except ZeroDivisionError:
        r = -1
        return r
    finally:
        print("finally, r =", r)
        r = 999
    return r


# run: f(2)
# run: f(0)
