"""NEP 50: numpy scalars are *strong* (they take part in promotion like 0-d arrays), Python
scalars are weak.  A float64 reduction or element, or np.sqrt of a Python int, is an
np.float64 and turns a float32 array into float64; float()/int() or math.* keep it weak."""
import math
import numpy as np


def by_sum(x: np.ndarray, w: np.ndarray):
    return x * w.sum(), x * float(w.sum())


def by_element(x: np.ndarray, w: np.ndarray):
    return x + w[0], x + int(w[0])


def scale_np_sqrt(x: np.ndarray) -> np.ndarray:
    d = x.shape[-1]
    return x / np.sqrt(d)


def scale_math_sqrt(x: np.ndarray) -> np.ndarray:
    d = x.shape[-1]
    return x / math.sqrt(d)


def by_mean(x: np.ndarray):
    return x - x.mean(), x - x.astype(np.float64).mean()


def scalar_chain(x: np.ndarray, w: np.ndarray):
    s = w.max()
    t = s * 2.0
    return x * t, t


# run: by_sum(np.arange(3, dtype=np.float32), np.arange(3.0))
# run: by_sum(np.arange(3, dtype=np.float32), np.arange(3, dtype=np.float32))
# run: by_sum(np.arange(3, dtype=np.int32), np.arange(3, dtype=np.int32))
# run: by_element(np.arange(3, dtype=np.int32), np.arange(3, 6))
# run: by_element(np.arange(3, dtype=np.float32), np.arange(3, 6, dtype=np.int32))
# run: by_element(np.arange(3, dtype=np.float32), np.array([0.5, 1.5]))
# run: scale_np_sqrt(np.arange(8, dtype=np.float32).reshape(2, 4))
# run: scale_math_sqrt(np.arange(8, dtype=np.float32).reshape(2, 4))
# run: by_mean(np.arange(4, dtype=np.float32))
# run: by_mean(np.arange(4, dtype=np.int32))
# run: scalar_chain(np.arange(3, dtype=np.float32), np.arange(3.0))
# run: scalar_chain(np.arange(3, dtype=np.float32), np.arange(3, dtype=np.float32))
