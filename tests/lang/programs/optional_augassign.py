"""Augmented assignment on a refined Optional keeps it refined."""
from typing import Optional


def bump(x: Optional[int], k: int) -> Optional[int]:
    if x is not None:
        x += k
        x *= 2
    return x


# run: bump(3, 4)
# run: bump(None, 4)
