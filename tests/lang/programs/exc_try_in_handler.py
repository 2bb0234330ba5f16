"""A try statement inside a handler; bare raise still re-raises the outer exception."""


def f(n: int) -> int:
    try:
        raise ValueError("outer")
    except ValueError as e:
        try:
            x = 10 // n
            print("inner ok", x)
        except ZeroDivisionError as inner:
            print("inner caught", str(inner))
        print("still handling", str(e))
        if n > 5:
            raise
        return n


def g(n: int) -> int:
    try:
        return f(n)
    except ValueError as e:
        return -100


# run: f(0)
# run: f(2)
# run: f(10)
# run: g(10)
