"""Tensors inside tuples: returned (`return a, b`), passed in, unpacked, nested."""
import numpy as np
from typing import Tuple


def split_halves(x: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    n = x.shape[0] // 2
    return x[:n], x[n:]


def combine(pair: Tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    a, b = pair
    return a * b


def stats(x: np.ndarray):
    return x.mean(axis=0), x.std(axis=0), x.shape[0]


def nested(x: np.ndarray):
    return (x, (x + 1, x.sum())), x.ndim


def swap(a: np.ndarray, b: np.ndarray):
    return b, a


def use_helper(x: np.ndarray) -> np.ndarray:
    lo, hi = split_halves(x)
    return hi - lo


# run: split_halves(np.arange(6.0))
# run: split_halves(np.arange(5, dtype=np.int32))
# run: combine((np.arange(3.0), np.arange(3.0, 6.0)))
# run: combine((np.arange(3, dtype=np.float32), np.ones(3, np.float32)))
# run: stats(np.arange(12.0).reshape(4, 3))
# run: nested(np.arange(3.0))
# run: swap(np.arange(2.0), np.arange(3, dtype=np.int32))
# run: use_helper(np.arange(8.0))
