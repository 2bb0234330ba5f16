"""An exception that no handler matches leaves the function, after finally."""


def f(n: int) -> int:
    try:
        if n == 1:
            raise TypeError("wrong type")
        return n
    except ValueError:
        return -1
    finally:
        print("cleanup")


# run: f(0)
# run: f(1)
