"""A lambda over a loop variable consumed where it is written (a key, map's function):
it sees the value of this iteration, as in CPython."""
from typing import List


def run(xs: List[int]) -> int:
    t = 0
    for k in range(1, 5):
        t += sorted(xs, key=lambda v: v % k)[0] * k
        t += sum(map(lambda v: v + k, xs))
        t += max(xs, key=lambda v: -abs(v - k))
    return t


# run: run([5, 3, 8, 1])
# run: run([2])
