"""zip and enumerate over the rows of arrays and over lists together."""
import numpy as np
from typing import List


def rows(n: int) -> float:
    a = np.arange(6.0).reshape(2, 3)
    w = [1.0, 10.0, 100.0]
    s = 0.0
    for i, row in enumerate(a):
        for x, y in zip(row, w):
            s += float(x) * y * (i + 1)
    return s + n


# run: rows(1)
