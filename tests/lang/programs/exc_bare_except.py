"""A bare `except:` catches everything, including AssertionError."""


def guarded(n: int) -> int:
    try:
        assert n > 0, "n must be positive"
        return 100 // (n - 5)
    except:
        return -1


# run: guarded(3)
# run: guarded(0)
# run: guarded(5)
