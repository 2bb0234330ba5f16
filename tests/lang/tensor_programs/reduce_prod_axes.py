"""prod on every axis form; int32 prod gives int64."""
import numpy as np


def prods(x: np.ndarray):
    return x.prod(), x.prod(axis=0), x.prod(axis=-1), np.prod(x, axis=None)


def prods_keep(x: np.ndarray):
    return x.prod(axis=0, keepdims=True), np.prod(x, axis=(0, 1), keepdims=True)


# run: prods(np.arange(1, 7.0).reshape(2, 3))
# run: prods(np.arange(1, 7, dtype=np.float32).reshape(2, 3))
# run: prods(np.arange(1, 7, dtype=np.int32).reshape(2, 3))
# run: prods(np.arange(1, 21).reshape(4, 5))
# run: prods(np.array([[True, True], [False, True]]))
# run: prods_keep(np.linspace(0.5, 2.0, 6).reshape(2, 3))
# run: prods_keep(np.arange(1, 25, dtype=np.int32).reshape(2, 3, 4))
