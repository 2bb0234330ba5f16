"""xs.pop(i) evaluates i before it finds the list empty, as CPython does: an index that
appends to the list pops what it appended, and an index that raises raises first (found by
differential fuzzing: every backend raised 'pop from empty list')."""
from typing import List


def grow(xs: List[int]) -> int:
    xs.append(7)
    return 0


def pop_grown(xs: List[int]) -> int:
    return xs.pop(grow(xs))


def noisy(k: int) -> int:
    print("index", k)
    return k


def pop_noisy(xs: List[int], k: int) -> int:
    return xs.pop(noisy(k))


def pop_failing(xs: List[int], d: int) -> int:
    return xs.pop(10 // d)


# run: pop_grown([])
# run: pop_grown([1, 2])
# run: pop_noisy([], 0)
# run: pop_noisy([4, 5], -1)
# run: pop_noisy([4, 5], 2)
# run: pop_failing([], 0)
# run: pop_failing([], 5)
