"""list.pop(i) with positive and negative indices, and its IndexErrors."""
from typing import List


def pop_at(xs: List[int], i: int) -> List[int]:
    x = xs.pop(i)
    xs.append(x * 100)
    return xs


def drain_front(n: int) -> int:
    xs = [k * k for k in range(n)]
    total = 0
    while len(xs) > 0:
        total = total * 3 + xs.pop(0)
    return total


# run: pop_at([1, 2, 3, 4], 0)
# run: pop_at([1, 2, 3, 4], 2)
# run: pop_at([1, 2, 3, 4], -1)
# run: pop_at([1, 2, 3, 4], -4)
# run: pop_at([1, 2, 3, 4], 4)
# run: pop_at([1, 2, 3, 4], -5)
# run: pop_at([], 0)
# run: drain_front(10)
