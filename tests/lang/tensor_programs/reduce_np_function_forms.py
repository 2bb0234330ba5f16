"""Every reduction as an np function and as a method, same arguments, same answers."""
import numpy as np


def both(x: np.ndarray):
    a = (np.sum(x, axis=0), np.mean(x, axis=0), np.max(x, axis=0), np.min(x, axis=0),
         np.prod(x, axis=0), np.argmax(x, axis=0), np.argmin(x, axis=0), np.std(x, axis=0),
         np.var(x, axis=0), np.any(x, axis=0), np.all(x, axis=0))
    b = (x.sum(axis=0), x.mean(axis=0), x.max(axis=0), x.min(axis=0), x.prod(axis=0),
         x.argmax(axis=0), x.argmin(axis=0), x.std(axis=0), x.var(axis=0), x.any(axis=0),
         x.all(axis=0))
    return a, b


def positional_axis(x: np.ndarray):
    return x.sum(1), x.max(0), np.sum(x, 1), np.mean(x, -1)


# run: both(np.sin(np.arange(12.0)).reshape(4, 3))
# run: both(np.arange(12, dtype=np.int32).reshape(4, 3) - 5)
# run: both(np.linspace(-1, 1, 12).reshape(4, 3).astype(np.float32))
# run: positional_axis(np.arange(6.0).reshape(2, 3))
