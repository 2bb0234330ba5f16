"""std / var (population, ddof=0) on every axis form; ints give float64."""
import numpy as np


def spread(x: np.ndarray):
    return x.var(), x.std(), np.var(x), np.std(x)


def spread_axis(x: np.ndarray):
    return x.var(axis=0), x.std(axis=-1), np.var(x, axis=(0, 1)), x.std(axis=1, keepdims=True)


def manual_var(x: np.ndarray):
    m = x.mean(axis=0, keepdims=True)
    d = x - m
    return (d * d).mean(axis=0), x.var(axis=0)


# run: spread(np.arange(10.0))
# run: spread(np.arange(10, dtype=np.float32))
# run: spread(np.arange(10, dtype=np.int32))
# run: spread(np.array([5.0]))
# run: spread_axis(np.sin(np.arange(24.0)).reshape(2, 3, 4))
# run: spread_axis(np.sin(np.arange(24.0)).reshape(2, 3, 4).astype(np.float32))
# run: spread_axis(np.arange(24).reshape(2, 3, 4))
# run: manual_var(np.cos(np.arange(12.0)).reshape(4, 3))
