"""int() of nan and inf raise ValueError and OverflowError, caught by class."""
import math


def to_int(x: float) -> int:
    try:
        return int(x)
    except ValueError as e:
        print("value:", str(e))
        return -1
    except OverflowError as e:
        print("overflow:", str(e))
        return -2


# run: to_int(2.5)
# run: to_int(math.nan)
# run: to_int(math.inf)
# run: to_int(-math.inf)
