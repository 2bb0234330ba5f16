# Refused: after a loop left by break, the loop test's refinement does not hold.
# call: f([1, 2])
# error: 13: 'found' may be None here (Optional[int])
from typing import List, Optional


def f(xs: List[int]) -> int:
    found: Optional[int] = None
    while found is None:
        for x in xs:
            found = x
        break
    return found + 1
