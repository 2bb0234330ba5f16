"""Optional values inside a returned tuple."""
from typing import Optional, Tuple


def split(n: int) -> Tuple[Optional[int], int]:
    if n % 2 == 0:
        return (n // 2, 0)
    return (None, 1)


def use(n: int) -> int:
    half, odd = split(n)
    if half is None:
        return -odd
    return half


# run: split(8)
# run: split(7)
# run: use(8)
# run: use(7)
