"""sum over elements of arrays: numpy scalars, added with numpy's rules."""
import numpy as np


def total64(n: int) -> float:
    x = np.arange(n, dtype=np.float64) * 0.1
    return float(sum(x[i] for i in range(n)))


def total32(n: int) -> float:
    x = np.ones(n, dtype=np.float32) / np.float32(3.0)
    s = sum(x[i] for i in range(n))
    return float(s) + float(s.dtype == np.float32)


def ints(n: int) -> int:
    x = np.arange(n)
    return int(sum((v for v in x), 10))


# run: total64(10)
# run: total32(7)
# run: ints(5)
