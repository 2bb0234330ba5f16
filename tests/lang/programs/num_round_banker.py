"""round(x): ties to even, an int; errors of nan and inf as int() gives them."""
from typing import List


def rounds(xs: List[float]) -> List[int]:
    return [round(x) for x in xs]


def halves(n: int) -> List[int]:
    return [round(i + 0.5) for i in range(-n, n)]


def ints(n: int):
    return round(n), round(True), round(n, None)


def bad(x: float) -> int:
    return round(x)


# run: rounds([0.0, -0.0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999999999999994, 2.675, 1e15 + 0.5, 4503599627370497.0, -1e18])
# run: halves(10)
# run: ints(-7)
# run: bad(math.nan)
# run: bad(math.inf)
# run: bad(-math.inf)
