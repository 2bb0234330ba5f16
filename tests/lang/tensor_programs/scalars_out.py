"""Scalars out of tensors: float(t), int(t), t.item() on 0-d arrays and on reductions;
.item() of a 1-element array of any rank, and of a larger one raises ValueError.
(float() of an array with ndim > 0 is a TypeError in numpy 2.4 for every size, so it is a
compile-time matter, not a run line here.)"""
import numpy as np


def of_zero_d(t: np.ndarray):
    return float(t), int(t), t.item()


def of_sum(x: np.ndarray):
    s = x.sum()
    return float(s), int(s), s.item()


def item_sized(x: np.ndarray):
    return x.item()


def item_one(x: np.ndarray):
    return x.item()


def mean_as_python(x: np.ndarray) -> float:
    return float(x.mean()) + 1.0


# run: of_zero_d(np.array(2.75))
# run: of_zero_d(np.array(-2.75, dtype=np.float32))
# run: of_zero_d(np.array(7, dtype=np.int32))
# run: of_sum(np.arange(5.0) / 2)
# run: of_sum(np.arange(5, dtype=np.int32))
# run: item_sized(np.array([1.0, 2.0]))
# run: item_one(np.array([[3.5]]))
# run: item_one(np.array([True]))
# run: mean_as_python(np.arange(4, dtype=np.float32))
