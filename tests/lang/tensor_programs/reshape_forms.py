"""reshape with separate ints, a tuple, -1 anywhere; reshape of non-contiguous input copies in
C order; np.reshape."""
import numpy as np


def forms(x: np.ndarray):
    return x.reshape(3, 4), x.reshape((4, 3)), x.reshape(-1), x.reshape(2, -1), x.reshape((-1, 6))


def to_3d(x: np.ndarray):
    return x.reshape(2, 3, 2), x.reshape(-1, 2, 2), np.reshape(x, (2, 2, 3))


def flat_then_back(x: np.ndarray) -> np.ndarray:
    n, m = x.shape
    return x.reshape(n * m).reshape(m, n)


def with_size(x: np.ndarray) -> np.ndarray:
    return x.reshape(x.size, 1)


def to_scalar_shape(x: np.ndarray):
    return x.reshape(()), x.reshape(1, 1)


# run: forms(np.arange(12.0))
# run: forms(np.arange(12, dtype=np.int32).reshape(3, 4))
# run: forms(np.arange(12.0).reshape(3, 4).T)
# run: forms(np.arange(24.0)[::2])
# run: to_3d(np.arange(12, dtype=np.float32))
# run: to_3d(np.arange(12.0).reshape(4, 3).T)
# run: flat_then_back(np.arange(6.0).reshape(2, 3))
# run: flat_then_back(np.arange(6.0).reshape(3, 2).T)
# run: with_size(np.arange(6).reshape(2, 3))
# run: to_scalar_shape(np.array([4.5]))
