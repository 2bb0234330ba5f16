"""The truth of an Optional number: None is false, else the number's own truth (0.0 and 0
are false too) - the value is read only when present (the interpreter's None has no truth
of a float: it raised TypeError)."""
from typing import List, Optional


def truth_float(x: Optional[float]) -> int:
    if x:
        return 1
    return 0


def truth_int(x: Optional[int]) -> bool:
    return not x


def truth_in_loop(xs: List[int]) -> int:
    # an Optional refined by its truth inside a loop: None and 0 end the count
    n = 0
    for v in xs:
        x: Optional[int] = None if v < 0 else v
        if not x:
            break
        n += x
    return n


# run: truth_float(None)
# run: truth_float(0.0)
# run: truth_float(-2.5)
# run: truth_int(None)
# run: truth_int(0)
# run: truth_int(7)
# run: truth_in_loop([1, 2, -1, 4])
# run: truth_in_loop([3, 0, 5])
# run: truth_in_loop([])
