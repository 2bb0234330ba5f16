"""Tuples computed in a try body, and a tuple result from a handler."""


def divmod_safe(a: int, b: int) -> tuple[int, int]:
    try:
        q = a // b
        r = a % b
        return (q, r)
    except ZeroDivisionError:
        return (0, 0)


# run: divmod_safe(17, 5)
# run: divmod_safe(17, 0)
