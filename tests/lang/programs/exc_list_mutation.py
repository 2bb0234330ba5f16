"""A list the try body changed keeps the changes made before the exception."""


def fill(xs: list[int], n: int) -> int:
    try:
        for i in range(n):
            xs.append(100 // (4 - i))
    except ZeroDivisionError:
        print("stopped")
    print(xs)
    return len(xs)


# run: fill([], 3)
# run: fill([1], 6)
