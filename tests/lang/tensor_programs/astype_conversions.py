"""astype: float to int truncates toward zero, int64 to int32 wraps, to bool is != 0,
bool to float is 0/1, float64 to float32 rounds."""
import numpy as np


def to_int(x: np.ndarray):
    return x.astype(np.int32), x.astype(np.int64)


def to_float(x: np.ndarray):
    return x.astype(np.float32), x.astype(np.float64)


def to_bool(x: np.ndarray) -> np.ndarray:
    return x.astype(np.bool_)


def wrap(x: np.ndarray) -> np.ndarray:
    return x.astype(np.int32)


def round_trip(x: np.ndarray) -> np.ndarray:
    return x.astype(np.float32).astype(np.float64) - x


def same_dtype_copy(x: np.ndarray) -> np.ndarray:
    y = x.astype(np.float64)
    y[0] = 100.0
    return x


# run: to_int(np.array([-2.7, -0.5, 0.5, 2.7, 1e9]))
# run: to_int(np.array([-2.7, 2.7], dtype=np.float32))
# run: to_int(np.array([True, False]))
# run: to_float(np.array([1, -2, 16777217]))
# run: to_float(np.array([0.1, 1e-50, 1e300]))
# run: to_float(np.array([True, False]))
# run: to_bool(np.array([0.0, -0.0, 0.5, np.nan]))
# run: to_bool(np.array([0, 3, -1], dtype=np.int32))
# run: wrap(np.array([2147483648, -2147483649, 4294967301]))
# run: round_trip(np.array([0.1, 0.2, 1.0 / 3.0]))
# run: same_dtype_copy(np.arange(3.0))
