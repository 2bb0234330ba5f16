"""Lists of numpy arrays made and read inside the function."""
from typing import List

import numpy as np


def rows_total(n: int) -> float:
    xs: List[np.ndarray] = []
    for i in range(n):
        xs.append(np.arange(3, dtype=np.float64) * i)
    t = 0.0
    for a in xs:
        t += float(a.sum())
    return t + float(xs[-1][2]) + len(xs)


def stacked(n: int) -> float:
    parts = [np.ones(2) * i for i in range(n)]
    parts.reverse()
    return float(parts[0][0]) + float(parts[-1].sum())


# run: rows_total(4)
# run: stacked(3)
