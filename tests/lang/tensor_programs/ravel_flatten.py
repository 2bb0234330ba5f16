"""ravel / flatten / np.ravel give C-order 1-D results, also for transposed and strided inputs."""
import numpy as np


def flat(x: np.ndarray):
    return x.ravel(), x.flatten(), np.ravel(x)


def flatten_is_copy(x: np.ndarray):
    f = x.flatten()
    f[0] = -1.0
    return f, x


def ravel_views_contiguous_data(x: np.ndarray):
    """ravel gives a view where numpy does (a write reaches x); flatten never does."""
    r = x.ravel()
    r[0] = -1.0
    f = x.flatten()
    f[1] = -2.0
    return r, f, x


def dot_flat(a: np.ndarray, b: np.ndarray):
    return a.ravel() @ b.ravel()


# run: flat(np.arange(6.0).reshape(2, 3))
# run: flat(np.arange(6.0).reshape(2, 3).T)
# run: flat(np.arange(24, dtype=np.int32).reshape(2, 3, 4)[:, ::2, 1:])
# run: flat(np.array(3.5))
# run: flatten_is_copy(np.arange(4.0).reshape(2, 2))
# run: ravel_views_contiguous_data(np.arange(4.0).reshape(2, 2))
# run: ravel_views_contiguous_data(np.arange(4.0).reshape(2, 2).T)
# run: dot_flat(np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(3, 2))
