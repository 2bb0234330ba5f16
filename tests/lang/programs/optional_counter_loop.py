"""An Optional carried around a while loop with a counter."""
from typing import Optional


def collatz_peak(n: int, limit: int) -> Optional[int]:
    peak: Optional[int] = None
    steps = 0
    while n != 1 and steps < limit:
        if peak is None or n > peak:
            peak = n
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return peak


# run: collatz_peak(27, 1000)
# run: collatz_peak(1, 10)
# run: collatz_peak(7, 3)
