"""Sums of small ints promote as numpy's add.reduce does: int8/int16/int32 to int64,
uint8/uint16/uint32 to uint64 (so a uint8 image's sum never wraps); prod too; max/min keep
the dtype; mean is float64; sums along an axis and with keepdims."""
import numpy as np


def totals(x: np.ndarray):
    return x.sum(), x.prod(), x.max(), x.min(), x.mean()


def along(x: np.ndarray):
    return x.sum(axis=0), x.sum(axis=1, keepdims=True), x.max(axis=1), x.argmin(axis=0)


def any_all(x: np.ndarray):
    return x.any(), x.all(), np.sum(x > 100)


# run: totals(np.full(1000, 255, dtype=np.uint8))
# run: totals(np.array([-100, -100, -100, 50], dtype=np.int8))
# run: totals(np.array([60000, 60000, 2], dtype=np.uint16))
# run: totals(np.array([30000, 30000, -2], dtype=np.int16))
# run: totals(np.array([4000000000, 4000000000], dtype=np.uint32))
# run: totals(np.array([2**63, 2**63, 3], dtype=np.uint64))
# run: along(np.arange(0, 240, 20, dtype=np.uint8).reshape(3, 4))
# run: along(np.arange(-120, 120, 20, dtype=np.int8).reshape(3, 4))
# run: any_all(np.array([0, 200, 50], dtype=np.uint8))
