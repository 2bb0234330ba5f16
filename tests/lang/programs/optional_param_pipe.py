"""PEP 604 spelling: `x: int | None` and `float | None` results."""


def scale(x: int | None, k: float) -> float | None:
    if x is None:
        return None
    return x * k


def total(a: int | None, b: int | None) -> int:
    s = 0
    if a is not None:
        s += a
    if b is not None:
        s += b
    return s


# run: scale(3, 1.5)
# run: scale(None, 1.5)
# run: total(1, 2)
# run: total(None, 2)
# run: total(1, None)
# run: total(None, None)
