"""`Union[float, None]` and `Union[None, int]` are Optional too."""
from typing import Union


def half(x: Union[float, None]) -> float:
    if x is not None:
        return x / 2
    return 0.0


def neg(x: Union[None, int]) -> int:
    if x is None:
        return 0
    return -x


# run: half(3.0)
# run: half(5)
# run: half(None)
# run: neg(4)
# run: neg(None)
