"""print of ints, bools and None, one or several per call."""


def show(n: int) -> None:
    print(n)
    print(-n, n * n, 0)
    print(True, False, n > 0)
    print(None)
    print()
    print(9223372036854775807, -9223372036854775807 - 1)


def returns_after_print(b: bool) -> bool:
    print(b, not b)
    return not b


# run: show(42)
# run: show(-7)
# run: returns_after_print(True)
