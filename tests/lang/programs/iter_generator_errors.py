"""An exception in a generator propagates out of the consumer's loop."""
from typing import List


def checked(xs: List[int]):
    for x in xs:
        if x < 0:
            raise ValueError("negative value")
        yield 10 // x


def consume(xs: List[int]) -> int:
    s = 0
    for v in checked(xs):
        print("got", v)
        s += v
    return s


# run: consume([1, 2, 5])
# run: consume([1, -1, 2])
# run: consume([1, 0])
