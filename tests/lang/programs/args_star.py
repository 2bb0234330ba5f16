"""*args: a tuple of the extra positional arguments (len, index, iterate)."""


def total(*xs) -> float:
    s = 0.0
    for x in xs:
        s += x
    return s


def first_or(default: int, *rest) -> int:
    if len(rest) > 0:
        return rest[0]
    return default


def run(a: float, b: float) -> float:
    return total() + total(a) + total(a, b, 1.0) * 10.0 + first_or(7) + first_or(7, 8, 9) * 100


# run: run(1.5, 2.0)
# run: run(-1.0, 0.0)
# run: total(1.0, 2.0, 3.5)
