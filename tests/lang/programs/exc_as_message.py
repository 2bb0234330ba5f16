"""`except E as e` binds the exception; str(e) is its message."""


def parse_digit(d: int) -> int:
    if d < 0 or d > 9:
        raise ValueError("not a digit")
    return d


def describe(d: int) -> int:
    try:
        v = parse_digit(d)
    except ValueError as e:
        print("error:", str(e))
        return -1
    return v


# run: describe(4)
# run: describe(12)
