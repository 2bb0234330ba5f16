"""`raise X from Y` raises X (the cause only chains the traceback)."""


def convert(n: int) -> int:
    try:
        return 10 // n
    except ZeroDivisionError as e:
        raise ValueError("bad input") from e


def no_cause(n: int) -> int:
    try:
        return 10 // n
    except ZeroDivisionError:
        raise ValueError("no context") from None


# run: convert(2)
# run: convert(0)
# run: no_cause(0)
