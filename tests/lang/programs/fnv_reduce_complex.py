# Rosetta Code's Mandelbrot with reduce over complex numbers (an int initial value that
# the lambda makes complex).
from functools import reduce


def escapes(x: float, y: float) -> bool:
    a = complex(x, y)
    return abs(reduce(lambda z, _: z * z + a, range(50), 0)) >= 2


def row(y: float) -> str:
    return "".join("*" if not escapes(-2.0 + 0.1 * i, y) else " " for i in range(30))


# run: escapes(0.0, 0.0)
# run: escapes(1.0, 1.0)
# run: row(0.0)
# run: row(0.5)
