"""A failing assert is an AssertionError a handler can catch, with its message."""


def checked(n: int) -> int:
    try:
        assert n % 2 == 0, "odd number"
        assert n < 100
        return n // 2
    except AssertionError as e:
        print("assertion:", str(e))
        return -1


# run: checked(10)
# run: checked(11)
# run: checked(200)
