"""try/except catches an exception raised in the try body; the code after it runs."""


def safe_div(a: int, b: int) -> int:
    try:
        q = a // b
    except ZeroDivisionError:
        q = 0
    return q + 1


# run: safe_div(7, 2)
# run: safe_div(7, 0)
