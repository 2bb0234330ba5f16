"""A scalar stored into an int array converts as numpy converts it, through a Python int:
a nan raises ValueError, an infinity or a float beyond int64 OverflowError, an integer
beyond int32 OverflowError naming it (native code stored INT64_MIN; found by differential
fuzzing).  Whole slices and single elements, Python and numpy scalars."""
import numpy as np


def store_at(v: float, i: int) -> np.ndarray:
    a = np.zeros(3, dtype=np.int64)
    a[i] = v
    return a


def store_slice(v: float) -> np.ndarray:
    a = np.arange(4)
    a[1:3] = v
    return a


def store_int32(v: float) -> np.ndarray:
    a = np.zeros((2, 2), dtype=np.int32)
    a[0, :] = v
    return a


def store_int_into_int32(v: int) -> np.ndarray:
    a = np.zeros(2, dtype=np.int32)
    a[1] = v
    return a


def store_numpy_scalar(x: np.ndarray) -> np.ndarray:
    a = np.zeros(2, dtype=np.int64)
    a[0] = x[0]
    a[1] = x[1] * 2.0
    return a


def add_in_place(v: float) -> np.ndarray:
    a = np.arange(3)
    a[0] += v
    return a


def store_bool(v: float) -> np.ndarray:
    a = np.zeros(2, dtype=np.bool_)
    a[0] = v
    return a


# run: store_at(math.nan, 0)
# run: store_at(math.inf, 1)
# run: store_at(-math.inf, -1)
# run: store_at(1e20, 0)
# run: store_at(9223372036854775808.0, 0)
# run: store_at(-9223372036854775808.0, 0)
# run: store_at(-2.5, 2)
# run: store_slice(math.nan)
# run: store_slice(3.9)
# run: store_int32(math.nan)
# run: store_int32(2147483648.0)
# run: store_int32(-2147483648.9)
# run: store_int32(-2147483649.0)
# run: store_int32(1e19)
# run: store_int_into_int32(2147483648)
# run: store_int_into_int32(-2147483648)
# run: store_numpy_scalar(np.array([1.5, np.nan]))
# run: store_numpy_scalar(np.array([np.inf, 1.0]))
# run: store_numpy_scalar(np.array([1.5, 2.0], dtype=np.float32))
# run: add_in_place(math.nan)
# run: add_in_place(0.5)
# run: store_bool(math.nan)
