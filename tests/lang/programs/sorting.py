"""Bubble sort and insertion sort in place on lists; both return the list."""
from typing import List


def bubble(xs: List[int]) -> List[int]:
    n = len(xs)
    for i in range(n):
        swapped = False
        for j in range(0, n - 1 - i):
            if xs[j] > xs[j + 1]:
                xs[j], xs[j + 1] = xs[j + 1], xs[j]
                swapped = True
        if not swapped:
            break
    return xs


def insertion(xs: List[float]) -> List[float]:
    for i in range(1, len(xs)):
        key = xs[i]
        j = i - 1
        while j >= 0 and xs[j] > key:
            xs[j + 1] = xs[j]
            j -= 1
        xs[j + 1] = key
    return xs


def sorted_check(n: int) -> bool:
    xs = [(i * 7919) % 101 - 50 for i in range(n)]
    ys = bubble(xs)
    for i in range(1, len(ys)):
        if ys[i - 1] > ys[i]:
            return False
    return True


# run: bubble([5, 2, 9, -1, 5, 0])
# run: bubble([])
# run: bubble([1, 2, 3])
# run: insertion([3.5, -1.0, 2.25, 0.0, -0.0, 10.0])
# run: sorted_check(60)
