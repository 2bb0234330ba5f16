"""Out-of-bounds integer indices raise IndexError with numpy's message, for reads and writes;
slices never raise."""
import numpy as np


def read1(x: np.ndarray, i: int):
    return x[i]


def read2(x: np.ndarray, i: int, j: int):
    return x[i, j]


def write1(n: int, i: int) -> np.ndarray:
    y = np.zeros(n)
    y[i] = 1.0
    return y


def loop_past_end(x: np.ndarray):
    s = 0.0
    for i in range(x.shape[0] + 1):
        s = s + float(x[i])
    return s


# run: read1(np.arange(3.0), 3)
# run: read1(np.arange(3.0), -4)
# run: read1(np.arange(3.0), -3)
# run: read1(np.zeros(0), 0)
# run: read2(np.arange(6.0).reshape(2, 3), 1, 3)
# run: read2(np.arange(6.0).reshape(2, 3), 2, 0)
# run: read2(np.arange(6.0).reshape(2, 3), -3, 0)
# run: read2(np.arange(6.0).reshape(2, 3), 0, -4)
# run: write1(3, 5)
# run: write1(3, -4)
# run: loop_past_end(np.arange(4.0))
