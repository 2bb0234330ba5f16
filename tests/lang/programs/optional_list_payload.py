"""Optional[List[int]]: None or a list, as a parameter and a result."""
from typing import List, Optional


def total(xs: Optional[List[int]]) -> int:
    if xs is None:
        return -1
    s = 0
    for x in xs:
        s += x
    return s


def evens(n: int) -> Optional[List[int]]:
    if n <= 0:
        return None
    return [2 * i for i in range(n)]


def round_trip(n: int) -> int:
    return total(evens(n))


# run: total([1, 2, 3])
# run: total(None)
# run: total([])
# run: evens(3)
# run: evens(0)
# run: round_trip(4)
# run: round_trip(-1)
