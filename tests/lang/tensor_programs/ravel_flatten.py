"""ravel / flatten / np.ravel give C-order 1-D results, also for transposed and strided inputs."""
import numpy as np


def flat(x: np.ndarray):
    return x.ravel(), x.flatten(), np.ravel(x)


def flatten_is_copy(x: np.ndarray):
    f = x.flatten()
    f[0] = -1.0
    return f, x


def dot_flat(a: np.ndarray, b: np.ndarray):
    return a.ravel() @ b.ravel()


# run: flat(np.arange(6.0).reshape(2, 3))
# run: flat(np.arange(6.0).reshape(2, 3).T)
# run: flat(np.arange(24, dtype=np.int32).reshape(2, 3, 4)[:, ::2, 1:])
# run: flat(np.array(3.5))
# run: flatten_is_copy(np.arange(4.0).reshape(2, 2))
# run: dot_flat(np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(3, 2))
