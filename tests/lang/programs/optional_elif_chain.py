"""Refinement through `elif`: the later tests see what the earlier ones refuted."""
from typing import Optional


def classify(a: Optional[int], b: Optional[int]) -> int:
    if a is None and b is None:
        return 0
    elif a is None:
        return 1
    elif b is None:
        return 2 + a
    else:
        return 100 + a + b


# run: classify(None, None)
# run: classify(None, 5)
# run: classify(7, None)
# run: classify(7, 5)
