"""While loops over arrays: binary search in a sorted array, first index above a threshold,
argmax by hand (ties keep the first)."""
import numpy as np


def bisect(x: np.ndarray, v: float) -> int:
    lo = 0
    hi = x.shape[0]
    while lo < hi:
        mid = (lo + hi) // 2
        if x[mid] < v:
            lo = mid + 1
        else:
            hi = mid
    return lo


def first_above(x: np.ndarray, t: float) -> int:
    i = 0
    while i < x.shape[0] and x[i] <= t:
        i += 1
    return i


def argmax_loop(x: np.ndarray) -> int:
    best = 0
    for i in range(1, x.shape[0]):
        if x[i] > x[best]:
            best = i
    return best


def argmax_agrees(x: np.ndarray) -> bool:
    return argmax_loop(x) == int(x.argmax())


# run: bisect(np.arange(0.0, 100.0, 3.0), 50.0)
# run: bisect(np.arange(0.0, 100.0, 3.0), -1.0)
# run: bisect(np.arange(0.0, 100.0, 3.0), 1000.0)
# run: bisect(np.arange(10, dtype=np.int32), 4.0)
# run: first_above(np.linspace(0, 1, 11), 0.55)
# run: first_above(np.linspace(0, 1, 11), 2.0)
# run: argmax_loop(np.sin(np.arange(30.0)))
# run: argmax_agrees(np.array([1, 3, 3, 2], dtype=np.int32))
