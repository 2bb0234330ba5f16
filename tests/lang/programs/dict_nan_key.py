"""nan keys: never equal, so each store is a new key (CPython finds a nan only by
identity; pts has no identity for floats)."""
import math


def nans(n: int) -> int:
    d = {}
    d[1.0] = 1
    x = math.nan
    print(x in d)
    return len(d) + n


# run: nans(1)
