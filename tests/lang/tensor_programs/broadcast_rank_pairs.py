"""Broadcasting over every pair of ranks 0..4 (a 0-d array is rank 0; ufuncs on two 0-d arrays
give a numpy scalar, not a 0-d array)."""
import numpy as np


def add(a: np.ndarray, b: np.ndarray):
    return a + b


def mul_sub(a: np.ndarray, b: np.ndarray):
    return a * b - b


# run: add(np.array(1.5), np.array(2.0))
# run: add(np.array(1.5), np.arange(3.0))
# run: add(np.array(1.5), np.arange(6.0).reshape(2, 3))
# run: add(np.array(1.5), np.arange(24.0).reshape(2, 3, 4))
# run: add(np.array(1.5), np.arange(24.0).reshape(1, 2, 3, 4))
# run: add(np.arange(3.0), np.array(10.0))
# run: add(np.arange(3.0), np.arange(3.0))
# run: add(np.arange(3.0), np.arange(6.0).reshape(2, 3))
# run: add(np.arange(4.0), np.arange(24.0).reshape(2, 3, 4))
# run: add(np.arange(5.0), np.arange(120.0).reshape(2, 3, 4, 5))
# run: add(np.arange(6.0).reshape(2, 3), np.array(-1.0))
# run: add(np.arange(6.0).reshape(2, 3), np.arange(3.0))
# run: add(np.arange(6.0).reshape(2, 3), np.arange(6.0).reshape(2, 3))
# run: add(np.arange(12.0).reshape(3, 4), np.arange(24.0).reshape(2, 3, 4))
# run: add(np.arange(20.0).reshape(4, 5), np.arange(120.0).reshape(2, 3, 4, 5))
# run: add(np.arange(24.0).reshape(2, 3, 4), np.array(0.5))
# run: add(np.arange(24.0).reshape(2, 3, 4), np.arange(4.0))
# run: add(np.arange(24.0).reshape(2, 3, 4), np.arange(12.0).reshape(3, 4))
# run: add(np.arange(24.0).reshape(2, 3, 4), np.arange(24.0).reshape(2, 3, 4))
# run: add(np.arange(60.0).reshape(3, 4, 5), np.arange(120.0).reshape(2, 3, 4, 5))
# run: add(np.arange(120.0).reshape(2, 3, 4, 5), np.array(2.0))
# run: add(np.arange(120.0).reshape(2, 3, 4, 5), np.arange(5.0))
# run: add(np.arange(120.0).reshape(2, 3, 4, 5), np.arange(20.0).reshape(4, 5))
# run: add(np.arange(120.0).reshape(2, 3, 4, 5), np.arange(60.0).reshape(3, 4, 5))
# run: add(np.arange(120.0).reshape(2, 3, 4, 5), np.arange(120.0).reshape(2, 3, 4, 5))
# run: add(np.array(3, dtype=np.int32), np.array(4, dtype=np.int32))
# run: add(np.array(3, dtype=np.int32), np.arange(4, dtype=np.int32))
# run: add(np.array(True), np.array([True, False]))
# run: mul_sub(np.arange(6, dtype=np.float32).reshape(2, 3), np.array(2.0, dtype=np.float32))
# run: mul_sub(np.arange(4, dtype=np.int32), np.arange(24, dtype=np.int32).reshape(2, 3, 4))
