"""A list variable that starts as None."""
from typing import List


def build(n: int) -> int:
    xs = None
    if n > 2:
        xs = [n, n + 1]
    if xs is not None:
        xs.append(0)
        return len(xs)
    return 0


# run: build(5)
# run: build(1)
