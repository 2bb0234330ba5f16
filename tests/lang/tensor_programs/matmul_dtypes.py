"""matmul result dtypes follow promotion: int32@int32 is int32, int@float is float64,
float32@float64 is float64, bool@bool is bool."""
import numpy as np


def mm(a: np.ndarray, b: np.ndarray):
    return a @ b


# run: mm(np.arange(6, dtype=np.int32).reshape(2, 3), np.arange(6, dtype=np.int32).reshape(3, 2))
# run: mm(np.arange(6).reshape(2, 3), np.arange(6, dtype=np.int32).reshape(3, 2))
# run: mm(np.arange(6, dtype=np.int32).reshape(2, 3), np.arange(6, dtype=np.float32).reshape(3, 2))
# run: mm(np.arange(6, dtype=np.float32).reshape(2, 3), np.arange(6.0).reshape(3, 2))
# run: mm(np.array([[True, False], [False, False]]), np.array([[True, True], [False, True]]))
# run: mm(np.array([100000, 100000], dtype=np.int32), np.array([100000, 100000], dtype=np.int32))
