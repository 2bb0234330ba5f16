"""np.pad in constant mode: pad_width as an int, (n,), (before, after), ((b, a),) and a pair
per axis; constant_values= cast to the array's dtype; ranks 1 to 4; numpy's ValueError for
a negative width."""
import numpy as np


def pad_int(x: np.ndarray, n: int):
    return np.pad(x, n)


def pad_pair(x: np.ndarray, b: int, a: int):
    return np.pad(x, (b, a))


def pad_axes(x: np.ndarray):
    return np.pad(x, ((1, 0), (2, 3)), constant_values=-1.0)


def pad_one_pair(x: np.ndarray):
    return np.pad(x, ((1, 2),), mode="constant", constant_values=7)


def pad_image(x: np.ndarray, p: int):
    return np.pad(x, ((0, 0), (0, 0), (p, p), (p, p)))


def pad_3d(x: np.ndarray):
    return np.pad(x, ((0, 1), (1, 0), (1, 1)), constant_values=2.5)


# run: pad_int(np.arange(3.0), 2)
# run: pad_int(np.arange(6).reshape(2, 3), 1)
# run: pad_int(np.arange(3.0), 0)
# run: pad_int(np.arange(3.0), -1)
# run: pad_pair(np.arange(4, dtype=np.float32), 0, 3)
# run: pad_pair(np.arange(6.0).reshape(3, 2), 1, 0)
# run: pad_pair(np.arange(6.0).reshape(3, 2), 1, -2)
# run: pad_axes(np.arange(6.0).reshape(2, 3))
# run: pad_axes(np.arange(6).reshape(2, 3))
# run: pad_one_pair(np.ones((2, 2), dtype=np.int32))
# run: pad_image(np.arange(8.0).reshape(1, 2, 2, 2), 1)
# run: pad_3d(np.arange(8).reshape(2, 2, 2))
