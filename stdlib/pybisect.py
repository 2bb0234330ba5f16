"""CPython's `bisect` module written in the pts language: `bisect.bisect_left`,
`bisect_right` (= `bisect`), `insort_left` and `insort_right` (= `insort`) compile to these
(frontend.objects.python_function maps the C functions of `_bisect` here).

Contract: CPython 3.11's results and errors (Lib/bisect.py, the same steps): `lo < 0` is
`ValueError: lo must be non-negative`; `hi=None` means `len(a)`; items are compared with
`<` only, as CPython does.  The `key=` parameter (3.10) is not taken: a call with it is
refused as an unexpected keyword argument.  Specialized per list type like any user
function; tests/lang/programs/bisect_module.py compares them with CPython's bisect.
"""
from __future__ import annotations

from typing import Optional


def bisect_right(a, x, lo: int = 0, hi: Optional[int] = None) -> int:
    if lo < 0:
        raise ValueError("lo must be non-negative")
    top = len(a) if hi is None else hi
    while lo < top:
        mid = (lo + top) // 2
        if x < a[mid]:
            top = mid
        else:
            lo = mid + 1
    return lo


def bisect_left(a, x, lo: int = 0, hi: Optional[int] = None) -> int:
    if lo < 0:
        raise ValueError("lo must be non-negative")
    top = len(a) if hi is None else hi
    while lo < top:
        mid = (lo + top) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            top = mid
    return lo


def insort_right(a, x, lo: int = 0, hi: Optional[int] = None) -> None:
    a.insert(bisect_right(a, x, lo, hi), x)


def insort_left(a, x, lo: int = 0, hi: Optional[int] = None) -> None:
    a.insert(bisect_left(a, x, lo, hi), x)
