"""A lambda bound at module level, called by name and passed as a value."""

SCALE = 3

square = lambda x: x * x
scaled = lambda x: x * SCALE


def apply(f, x: int) -> int:
    return f(x) + 1


def run(x: int) -> int:
    return square(x) + scaled(x) * 10 + apply(square, x) * 100 + apply(scaled, x) * 1000


# run: run(2)
# run: run(-5)
