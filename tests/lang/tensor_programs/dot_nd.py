"""np.dot of arrays with more than 2 dimensions in all: the last axis of a against the
second-to-last of b, every batch index of a with every one of b (numpy's rule) - floats
through the gemm, integers and bools through loops in numpy's loop dtype."""
import numpy as np


def dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.dot(a, b)


# run: dot(np.arange(24.0).reshape(2, 3, 4), np.arange(20.0).reshape(4, 5))
# run: dot(np.arange(12.0).reshape(3, 4), np.arange(40.0).reshape(2, 4, 5))
# run: dot(np.arange(24, dtype=np.float32).reshape(2, 3, 4), np.arange(40, dtype=np.float32).reshape(2, 4, 5))
# run: dot(np.arange(24).reshape(2, 3, 4), np.arange(20).reshape(4, 5))
# run: dot(np.arange(-12, 12).reshape(3, 2, 4), np.arange(-20, 20).reshape(2, 4, 5))
# run: dot(np.arange(24, dtype=np.int32).reshape(2, 3, 4), np.arange(20, dtype=np.int64).reshape(4, 5))
# run: dot(np.arange(24).reshape(2, 3, 4), np.arange(20.0).reshape(4, 5))
# run: dot(np.arange(24).reshape(2, 3, 4) % 3 == 0, np.arange(20).reshape(4, 5) % 2 == 0)
# run: dot(np.ones((2, 0, 4), dtype=np.int64), np.ones((4, 3), dtype=np.int64))
# run: dot(np.ones((2, 3, 4), dtype=np.int64), np.ones((3, 5), dtype=np.int64))
