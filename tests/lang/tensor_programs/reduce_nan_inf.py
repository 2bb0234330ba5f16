"""nan propagates through sum/mean/max/min; argmax picks the first nan; inf - inf is nan."""
import numpy as np


def with_nan(x: np.ndarray):
    return x.sum(), x.max(), x.min(), x.argmax(), x.argmin(), x.mean()


def with_inf(x: np.ndarray):
    return x.sum(), x.max(), x.min(), x.prod()


def rows(x: np.ndarray):
    return x.max(axis=1), x.sum(axis=1)


# run: with_nan(np.array([1.0, np.nan, 3.0, np.nan]))
# run: with_nan(np.array([1.0, 2.0, np.nan], dtype=np.float32))
# run: with_inf(np.array([1.0, np.inf, -np.inf]))
# run: with_inf(np.array([1.0, np.inf, 2.0]))
# run: with_inf(np.array([0.0, np.inf], dtype=np.float32))
# run: rows(np.array([[1.0, np.nan], [2.0, 3.0], [np.inf, -np.inf]]))
