"""An exception raised in else passes the try's handlers but runs its finally."""


def f(n: int) -> int:
    try:
        try:
            x = n + 1
        except ValueError:
            return -1
        else:
            if x > 2:
                raise ValueError("from else")
            return x
        finally:
            print("finally")
    except ValueError as e:
        print("outer", str(e))
        return -2


# run: f(0)
# run: f(5)
