"""A bare `raise` in a handler raises the exception being handled again."""


def inner(n: int) -> int:
    if n < 0:
        raise ValueError("negative")
    return n


def outer(n: int) -> int:
    try:
        return inner(n)
    except ValueError:
        print("logging and re-raising")
        raise


def catches_reraise(n: int) -> int:
    try:
        return outer(n)
    except ValueError as e:
        print("top level:", str(e))
        return 0


# run: outer(3)
# run: outer(-3)
# run: catches_reraise(-1)
