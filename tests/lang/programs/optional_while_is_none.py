"""`while x is None:` keeps looking; after the loop x is known not to be None."""
from typing import Optional


def first_multiple(start: int, k: int) -> int:
    found: Optional[int] = None
    i = start
    while found is None:
        if i % k == 0:
            found = i
        i += 1
    return found * 2


# run: first_multiple(10, 7)
# run: first_multiple(14, 7)
