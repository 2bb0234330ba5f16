"""any/all over generator functions stop the generator at the deciding element."""
from typing import List


def trace(xs: List[int]):
    for x in xs:
        print("yield", x)
        yield x
    print("finished")


def has_big(xs: List[int]) -> bool:
    return any(x > 10 for x in trace(xs))


def all_small(xs: List[int]) -> bool:
    return all(trace(xs))


# run: has_big([1, 20, 3])
# run: has_big([1, 2])
# run: all_small([1, 0, 2])
# run: all_small([1, 2])
