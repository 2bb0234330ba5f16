"""np.eye(n), np.eye(n, m), with dtype; used to build matrices."""
import numpy as np


def eyes(n: int):
    return np.eye(n), np.eye(n, n + 1), np.eye(n, dtype=np.int32), np.eye(n, dtype=np.float32)


def shifted(n: int) -> np.ndarray:
    m = np.eye(n) * 2.0
    m[:-1, 1:] -= np.eye(n - 1)
    m[1:, :-1] -= np.eye(n - 1)
    return m


def identity_mul(x: np.ndarray) -> np.ndarray:
    return np.eye(x.shape[0]) @ x


# run: eyes(3)
# run: eyes(1)
# run: shifted(4)
# run: identity_mul(np.arange(6.0).reshape(3, 2))
