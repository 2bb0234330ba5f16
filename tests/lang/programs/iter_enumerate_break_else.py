"""break, continue and else in loops over enumerate."""
from typing import List


def find(xs: List[int], want: int) -> int:
    for i, x in enumerate(xs):
        if x == want:
            break
    else:
        return -1
    return i


def skip_odd(xs: List[int]) -> int:
    s = 0
    for i, x in enumerate(xs, 1):
        if x % 2:
            continue
        s += i
    return s


# run: find([4, 5, 6], 6)
# run: find([4, 5, 6], 7)
# run: find([], 1)
# run: skip_odd([1, 2, 3, 4, 6])
