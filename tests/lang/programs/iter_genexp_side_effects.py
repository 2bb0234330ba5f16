"""Side effects of a generator expression interleave with its consumer's."""
from typing import List


def noisy(x: int) -> int:
    print("compute", x)
    return x * 2


def consume(xs: List[int]) -> int:
    total = 0
    for v in (noisy(x) for x in xs):
        print("got", v)
        total += v
    return total


def stop_early(xs: List[int]) -> int:
    for v in (noisy(x) for x in xs):
        if v > 2:
            return v
    return -1


# run: consume([1, 2, 3])
# run: stop_early([1, 2, 3, 4])
# run: stop_early([0])
