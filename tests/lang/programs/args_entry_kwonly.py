"""Keyword-only and *args parameters of the function called from Python."""


def weighted(*xs, w: float = 0.5) -> float:
    s = 0.0
    for x in xs:
        s = s * w + x
    return s


def head(a: int, *rest) -> int:
    return a + len(rest)


# run: weighted(1.0, 2.0, 3.0)
# run: weighted()
# run: head(4, 5, 6)
# run: head(4)
