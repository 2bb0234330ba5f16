"""int() of nan is a ValueError, of +-inf an OverflowError."""
import math


def to_int(x: float) -> int:
    return int(x)


def floor_of(x: float) -> int:
    return math.floor(x)


def ceil_of(x: float) -> int:
    return math.ceil(x)


def nan_from_arith(x: float) -> int:
    return int(x - x)


# run: to_int(math.nan)
# run: to_int(math.inf)
# run: to_int(-math.inf)
# run: floor_of(math.nan)
# run: floor_of(math.inf)
# run: ceil_of(-math.inf)
# run: nan_from_arith(math.inf)
# run: nan_from_arith(2.5)
