"""Sorting for scripted code, written in the language itself: `sorted(xs, key=..., reverse=...)`
in a scripted function calls `sort_by(keys, values, reverse)` (frontend/lower_iter.py).

The result is CPython's: a stable sort that compares only with `<` (list.sort's rule), so
for keys that are totally ordered (no nan) the order is the one CPython gives.  `reverse`
sorts descending and keeps equal keys in their original order, as CPython does (it reverses,
sorts stably and reverses back).  A bottom-up merge sort of positions: O(n log n), the
inputs are not changed.
"""
from typing import List


def sort_by(keys, values, reverse: bool):
    n = len(keys)
    idx = [i for i in range(n)]
    tmp = [0] * n
    width = 1
    while width < n:
        lo = 0
        while lo < n:
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            i = lo
            j = mid
            k = lo
            while i < mid and j < hi:
                # take the right run's element only when it must come first: equal keys
                # keep their order (stability)
                if reverse:
                    right_first = keys[idx[i]] < keys[idx[j]]
                else:
                    right_first = keys[idx[j]] < keys[idx[i]]
                if right_first:
                    tmp[k] = idx[j]
                    j += 1
                else:
                    tmp[k] = idx[i]
                    i += 1
                k += 1
            while i < mid:
                tmp[k] = idx[i]
                i += 1
                k += 1
            while j < hi:
                tmp[k] = idx[j]
                j += 1
                k += 1
            lo += 2 * width
        idx, tmp = tmp, idx
        width *= 2
    return [values[i] for i in idx]
