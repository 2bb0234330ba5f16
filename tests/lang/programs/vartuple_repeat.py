"""Tuples repeated by a count known only at run time: `(0,) * n`, `('=' * w,) * n`,
`n * (a, b)` (a fixed tuple of one element type becomes a Tuple[T, ...]), and a Tuple[T, ...]
repeated; negative counts give ()."""


def zeros(n: int) -> str:
    t = (0,) * n
    return f"{t} {len(t)}"


def rule(w: int, n: int) -> str:
    return " ".join(("=" * w,) * n)


def pairs(a: int, b: int, n: int) -> str:
    return f"{n * (a, b)}"


def again(n: int, k: int) -> str:
    t = tuple(range(n))
    return f"{t * k} {k * t}"


# run: zeros(3)
# run: zeros(0)
# run: zeros(-2)
# run: rule(3, 4)
# run: rule(2, 0)
# run: pairs(1, 2, 3)
# run: again(3, 2)
# run: again(2, -1)
