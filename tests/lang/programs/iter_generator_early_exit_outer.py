"""A generator inside an outer loop: restarted on every outer iteration."""
from typing import List


def until_neg(xs: List[int]):
    for x in xs:
        if x < 0:
            return
        yield x


def per_row(n: int) -> List[int]:
    out: List[int] = []
    for k in range(n):
        xs = [k, k + 1, -1, k + 2]
        out.append(sum(until_neg(xs)))
    return out


# run: per_row(4)
