"""Every reduction with an explicit axis=None, with keepdims=False and keepdims=True (the
kept result has every axis of size 1)."""
import numpy as np


def none_flat(x: np.ndarray):
    return (x.sum(axis=None), x.mean(axis=None), x.max(axis=None), x.min(axis=None),
            x.prod(axis=None), x.argmax(axis=None), x.argmin(axis=None), x.std(axis=None),
            x.var(axis=None), x.any(axis=None), x.all(axis=None))


def none_kept(x: np.ndarray):
    return (np.sum(x, axis=None, keepdims=True), np.mean(x, axis=None, keepdims=True),
            np.max(x, axis=None, keepdims=True), np.min(x, axis=None, keepdims=True),
            np.prod(x, axis=None, keepdims=True), np.argmax(x, axis=None, keepdims=True),
            np.argmin(x, axis=None, keepdims=True), np.std(x, axis=None, keepdims=True),
            np.var(x, axis=None, keepdims=True), np.any(x, axis=None, keepdims=True),
            np.all(x, axis=None, keepdims=True))


# run: none_flat(np.sin(np.arange(1.0, 13.0)).reshape(3, 4))
# run: none_flat(np.arange(1, 13, dtype=np.int32).reshape(3, 4) % 5)
# run: none_flat(np.linspace(0.5, 1.5, 24).reshape(2, 3, 4).astype(np.float32))
# run: none_kept(np.sin(np.arange(1.0, 13.0)).reshape(3, 4))
# run: none_kept(np.arange(1, 25, dtype=np.int32).reshape(2, 3, 4) % 7)
# run: none_kept(np.arange(1, 6, dtype=np.int64))
