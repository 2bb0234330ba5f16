"""np.repeat and np.tile building index patterns and upsampling: nearest-neighbour upsample
of rows and columns, a checkerboard, a repeated pattern's sum."""
import numpy as np


def upsample(x: np.ndarray, r: int):
    return np.repeat(np.repeat(x, r, axis=0), r, axis=1)


def checker(n: int):
    row = np.tile(np.array([1, 0]), n)
    return row


def repeated_sum(x: np.ndarray, r: int):
    return np.repeat(x, r).sum()


# run: upsample(np.arange(4.0).reshape(2, 2), 2)
# run: upsample(np.arange(4).reshape(2, 2), 1)
# run: checker(3)
# run: checker(0)
# run: repeated_sum(np.arange(4.0), 3)
