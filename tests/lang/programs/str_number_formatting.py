"""Numbers to strings for output: fixed widths, bases, scientific, padding of negatives."""
from typing import List


def numbers(n: int) -> List[str]:
    out: List[str] = []
    for k in range(-n, n + 1, 3):
        out.append(f"{k:05d} {k:+06d} {k:#06x} {k:>4b} {k * 1.5:08.2f} {k * 1e-3:.1e}")
    return out


# run: numbers(7)
