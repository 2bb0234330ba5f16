"""mean on every axis form; ints give float64, float32 stays float32."""
import numpy as np


def means(x: np.ndarray):
    return x.mean(), x.mean(axis=0), x.mean(axis=-1), x.mean(axis=None)


def means_keep(x: np.ndarray):
    return x.mean(axis=1, keepdims=True), np.mean(x, axis=-2, keepdims=True), x.mean(keepdims=True)


def means_3d(x: np.ndarray):
    return x.mean(axis=(0, 2)), np.mean(x, axis=(1, -1)), x.mean(axis=2, keepdims=True)


# run: means(np.arange(12.0).reshape(3, 4))
# run: means(np.arange(12, dtype=np.float32).reshape(3, 4))
# run: means(np.arange(12, dtype=np.int32).reshape(3, 4))
# run: means(np.array([[True, False], [True, True]]))
# run: means_keep(np.linspace(0, 1, 6).reshape(2, 3))
# run: means_keep(np.arange(6).reshape(2, 3))
# run: means_3d(np.arange(24.0).reshape(2, 3, 4))
# run: means_3d(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
