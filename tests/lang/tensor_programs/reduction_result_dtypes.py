"""Result dtypes of reductions: int32 sum/prod give int64, max/min keep int32, mean gives
float64 for ints, argmax gives int64, bool sum gives int64, float32 stays float32."""
import numpy as np


def all_reductions(x: np.ndarray):
    return x.sum(), x.prod(), x.max(), x.min(), x.mean(), x.argmax(), x.argmin()


def axis_reductions(x: np.ndarray):
    return x.sum(axis=0), x.prod(axis=1), x.max(axis=0), x.mean(axis=1), x.argmax(axis=0)


def stats(x: np.ndarray):
    return x.std(), x.var()


def bools(x: np.ndarray):
    return x.sum(), x.any(), x.all(), x.max(), x.mean(), x.sum(axis=0)


# run: all_reductions(np.arange(1, 7, dtype=np.int32).reshape(2, 3))
# run: all_reductions(np.arange(1, 7).reshape(2, 3))
# run: all_reductions(np.arange(1, 7, dtype=np.float32).reshape(2, 3))
# run: all_reductions(np.arange(1, 7, dtype=np.float64).reshape(2, 3))
# run: axis_reductions(np.arange(1, 7, dtype=np.int32).reshape(2, 3))
# run: axis_reductions(np.arange(1, 7, dtype=np.float32).reshape(2, 3))
# run: stats(np.arange(6, dtype=np.int32))
# run: stats(np.arange(6, dtype=np.float32))
# run: bools(np.array([[True, False, True], [True, True, False]]))
