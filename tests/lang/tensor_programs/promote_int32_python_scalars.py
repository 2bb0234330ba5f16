"""NEP 50 with int32 arrays: python int stays int32 (and must fit: OverflowError otherwise),
python float makes float64."""
import numpy as np


def with_int(x: np.ndarray):
    return x + 1, x * 3, x - 100, 2 * x


def with_float(x: np.ndarray):
    return x + 0.5, x * 1.0, x / 2


def big(x: np.ndarray, k: int) -> np.ndarray:
    return x + k


def compare_big(x: np.ndarray) -> np.ndarray:
    return x < 10000000000


# run: with_int(np.arange(4, dtype=np.int32))
# run: with_int(np.arange(4, dtype=np.int64))
# run: with_float(np.arange(4, dtype=np.int32))
# run: with_float(np.arange(4, dtype=np.int64))
# run: big(np.arange(3, dtype=np.int32), 2147483647)
# run: big(np.arange(3, dtype=np.int32), 2147483648)
# run: big(np.arange(3, dtype=np.int32), -2147483649)
# run: big(np.arange(3, dtype=np.int64), 2147483648)
# run: compare_big(np.array([0, 2147483647], dtype=np.int32))
