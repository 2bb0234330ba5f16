"""Binary search over a sorted list, and integer square root by bisection."""
from typing import List


def search(xs: List[int], target: int) -> int:
    lo = 0
    hi = len(xs) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if xs[mid] == target:
            return mid
        elif xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


def lower_bound(xs: List[float], x: float) -> int:
    lo = 0
    hi = len(xs)
    while lo < hi:
        mid = (lo + hi) >> 1
        if xs[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo


def isqrt(n: int) -> int:
    if n < 0:
        raise ValueError("isqrt of a negative number")
    lo = 0
    hi = min(n, 3037000499) + 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if mid * mid <= n:
            lo = mid
        else:
            hi = mid
    return lo


def search_all(n: int) -> int:
    xs = [i * 3 for i in range(n)]
    hits = 0
    for t in range(-5, 3 * n + 5):
        if search(xs, t) >= 0:
            hits += 1
    return hits


# run: search([1, 3, 5, 7, 9, 11], 7)
# run: search([1, 3, 5, 7, 9, 11], 4)
# run: search([], 4)
# run: lower_bound([0.5, 1.0, 1.0, 2.0], 1.0)
# run: lower_bound([0.5, 1.0, 1.0, 2.0], 9.0)
# run: isqrt(0)
# run: isqrt(99)
# run: isqrt(9223372036854775807)
# run: isqrt(-4)
# run: search_all(100)
