"""An exception in finally replaces the one in flight."""


def f(n: int) -> int:
    try:
        try:
            if n > 0:
                raise ValueError("body")
            return 1
        finally:
            if n > 1:
                raise IndexError("finally")
    except ValueError as e:
        print("value", str(e))
        return 2
    except IndexError as e:
        print("index", str(e))
        return 3


# run: f(0)
# run: f(1)
# run: f(2)
