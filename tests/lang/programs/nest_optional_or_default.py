"""`x or default` with an Optional number: None and 0 take the default."""
from typing import List, Optional


def pick(x: Optional[int], d: int) -> int:
    return x or d


def pickf(x: Optional[float]) -> float:
    return x or 1.5


def all_or(xs: List[Optional[int]]) -> List[int]:
    return [x or -1 for x in xs]


# run: pick(None, 4)
# run: pick(0, 4)
# run: pick(7, 4)
# run: pickf(None)
# run: pickf(2.0)
# run: all_or([None, 0, 3])
