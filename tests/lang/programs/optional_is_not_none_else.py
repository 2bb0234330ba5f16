"""`is not None` with an else branch: each branch sees its own type."""
from typing import Optional


def pick(x: Optional[int], fallback: int) -> int:
    if x is not None:
        r = x * 3
    else:
        r = fallback
    return r


# run: pick(2, 9)
# run: pick(None, 9)
