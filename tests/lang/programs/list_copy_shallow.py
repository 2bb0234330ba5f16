"""copy(), list(xs) and xs[:] are shallow: the inner lists are shared."""
from typing import List


def shallow(n: int) -> List[List[int]]:
    m = [[1], [2]]
    c1 = m.copy()
    c2 = list(m)
    c3 = m[:]
    c1[0].append(n)
    c2.append([9])
    c3[1] = [7]
    return m + c1 + c2 + c3


# run: shallow(5)
