"""`except (E1, E2) as e` catches either class; others pass through."""


def pick(xs: list[int], i: int, d: int) -> int:
    try:
        return xs[i] // d
    except (IndexError, ZeroDivisionError) as e:
        print("caught", str(e))
        return -1


def fail(kind: int) -> int:
    try:
        if kind == 0:
            raise IndexError("idx")
        if kind == 1:
            raise ZeroDivisionError("zero")
        raise ValueError("value")
    except (IndexError, ZeroDivisionError):
        return 1


# run: pick([1, 2, 3], 1, 1)
# run: pick([1, 2, 3], 5, 1)
# run: pick([1, 2, 3], 1, 0)
# run: fail(0)
# run: fail(1)
# run: fail(2)
