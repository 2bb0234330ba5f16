"""A name a function imports is the function's own, whatever the module binds to the same
name (the module's `sqrt` is a different function, its `floor` a number); other
functions keep seeing the module's."""
import math

floor = 7


def sqrt(x: float) -> float:
    return x / 2


def module_sqrt(x: float) -> float:
    return sqrt(x) + floor


def local_sqrt(x: float) -> float:
    from math import sqrt, floor
    return sqrt(x) + floor(x)


def alias_module(x: float) -> int:
    import math as floor
    return floor.ceil(x) + math.floor(x)


# run: module_sqrt(16.0)
# run: local_sqrt(16.0)
# run: alias_module(2.5)
