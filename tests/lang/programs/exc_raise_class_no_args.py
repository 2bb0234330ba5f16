"""`raise E` with the class alone: an empty message."""


def f(n: int) -> int:
    try:
        if n > 0:
            raise ValueError
        return 0
    except ValueError as e:
        print("message: [", str(e), "]")
        return 1


def escapes(n: int) -> int:
    if n > 0:
        raise IndexError
    return n


# run: f(1)
# run: f(0)
# run: escapes(1)
