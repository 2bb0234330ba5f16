"""Mixed dtypes follow numpy 2's promotion table (np.result_type): uint8 + int16 is int16,
uint8 + int8 is int16, uint32 + int32 is int64, uint64 + int64 is float64, float16 + int8
is float16, float16 + int16 is float32, float16 + float32 is float32, bool + uint8 is uint8.
The result's dtype is compared (tests/ir/test_dtype_promotion.py checks every pair of dtypes
against np.result_type)."""
import numpy as np


def add(a: np.ndarray, b: np.ndarray):
    return a + b


def mul_and_compare(a: np.ndarray, b: np.ndarray):
    return a * b, a < b, np.maximum(a, b)


# run: add(np.array([1, 255], dtype=np.uint8), np.array([-300, 30000], dtype=np.int16))
# run: add(np.array([1, 255], dtype=np.uint8), np.array([-128, 127], dtype=np.int8))
# run: add(np.array([1, 4000000000], dtype=np.uint32), np.array([-5, 2000000000], dtype=np.int32))
# run: add(np.array([1, 2**63], dtype=np.uint64), np.array([-5, 7], dtype=np.int64))
# run: add(np.array([0.5, 1000.0], dtype=np.float16), np.array([-3, 100], dtype=np.int8))
# run: add(np.array([0.5, 1000.0], dtype=np.float16), np.array([-3, 30000], dtype=np.int16))
# run: add(np.array([0.1, 1000.0], dtype=np.float16), np.array([0.1, 1e6], dtype=np.float32))
# run: add(np.array([True, False]), np.array([200, 255], dtype=np.uint8))
# run: add(np.array([60000, 7], dtype=np.uint16), np.array([-3, 100], dtype=np.int8))
# run: add(np.array([1, 2], dtype=np.uint8), np.array([0.25, 0.5], dtype=np.float16))
# run: add(np.array([1, 2], dtype=np.int16), np.array([0.25, 0.5], dtype=np.float32))
# run: mul_and_compare(np.array([3, 200], dtype=np.uint8), np.array([-3, 100], dtype=np.int8))
# run: mul_and_compare(np.array([3, 4000000000], dtype=np.uint32), np.array([-3, 7], dtype=np.int16))
