"""list.pop(i) with an index, including negative and out-of-range indices."""
from typing import List


def pop_at(xs: List[int], i: int) -> List[int]:
    v = xs.pop(i)
    xs.append(v * 100)
    return xs


def drain_front(n: int) -> int:
    xs = [i * i for i in range(n)]
    acc = 0
    while len(xs) > 0:
        acc = acc * 2 + xs.pop(0)
    return acc


# run: pop_at([1, 2, 3, 4], 0)
# run: pop_at([1, 2, 3, 4], 2)
# run: pop_at([1, 2, 3, 4], -1)
# run: pop_at([1, 2, 3, 4], -4)
# run: pop_at([1, 2, 3, 4], 4)
# run: pop_at([1, 2, 3, 4], -5)
# run: pop_at([], 0)
# run: drain_front(10)
