"""Parameters annotated np.ndarray, pts.Tensor, or not at all; scalars annotated int/float."""
import numpy as np
import pts


def with_np(x: np.ndarray, k: int) -> np.ndarray:
    return x * k


def with_pts(x: pts.Tensor, s: float) -> pts.Tensor:
    return x + s


def bare(x, y):
    return x @ y


def mixed(x: pts.Tensor, y) -> np.ndarray:
    return np.concatenate([x, y])


# run: with_np(np.arange(3.0), 2)
# run: with_pts(np.arange(3, dtype=np.float32), 0.5)
# run: with_pts(np.arange(3, dtype=np.int32), 0.5)
# run: bare(np.arange(6.0).reshape(2, 3), np.arange(3.0))
# run: mixed(np.arange(2.0), np.arange(3.0))
