"""The classic `best = None` loop: `best is None or v > best`."""
from typing import List, Optional


def largest(xs: List[int]) -> Optional[int]:
    best = None
    for v in xs:
        if best is None or v > best:
            best = v
    return best


def smallest_gap(xs: List[float]) -> float:
    gap = None
    for i in range(1, len(xs)):
        d = abs(xs[i] - xs[i - 1])
        if gap is None or d < gap:
            gap = d
    if gap is None:
        return -1.0
    return gap


# run: largest([3, 9, -2, 4])
# run: largest([])
# run: largest([-5])
# run: smallest_gap([1.0, 4.0, 4.5, 10.0])
# run: smallest_gap([1.0])
