"""try/finally without handlers: finally runs, then the exception continues."""


def f(xs: list[int], i: int) -> int:
    count = 0
    try:
        count = xs[i]
    finally:
        print("count", count)
    return count


# run: f([5, 6], 0)
# run: f([5, 6], 9)
