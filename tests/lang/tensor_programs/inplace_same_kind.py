"""x op= y writes the result into x with numpy's 'same_kind' casting: float64 into float32
and int64 into int32 are accepted (pts had refused them: 'numpy refuses that cast'), the
result computed in the wider type, then cast (int32 wraps) (found by differential
fuzzing)."""
import numpy as np


def add_into(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    x += y
    return x


def ops_into_float32(n: int) -> np.ndarray:
    x = np.ones(n, dtype=np.float32)
    y = np.linspace(0.0, 1.0, n)
    x += y
    x *= y
    x -= np.float64(0.1)
    x /= 3.0
    return x


def ops_into_int32(n: int) -> np.ndarray:
    x = np.arange(n, dtype=np.int32)
    x += np.arange(n) * 1000000000000
    x *= np.int64(3)
    x //= np.arange(1, n + 1)
    return x


def zero_d(x: np.ndarray, v: float) -> np.ndarray:
    x += np.float64(v)
    return x


# run: add_into(np.ones(3, dtype=np.float32), np.full(3, 0.1))
# run: add_into(np.ones((2, 3), dtype=np.int32), np.full(3, 2 ** 40))
# run: add_into(np.ones(3, dtype=np.float32), np.array([1e300, -1e300, 0.5]))
# run: ops_into_float32(5)
# run: ops_into_int32(6)
# run: zero_d(np.array(1.0, dtype=np.float32), 0.1)
