"""np.where, np.clip, np.maximum / np.minimum and sign on the small dtypes: unsigned
comparisons (200 > 100 in uint8, though its bits are negative as int8), clip bounds given as
Python ints, float16 clip."""
import numpy as np


def pick(x: np.ndarray, y: np.ndarray):
    return np.where(x > y, x, y), np.maximum(x, y), np.minimum(x, y)


def clamp(x: np.ndarray, lo: int, hi: int):
    return np.clip(x, lo, hi)


def signs(x: np.ndarray):
    return np.sign(x), np.abs(x), np.square(x)


# run: pick(np.array([1, 200, 255, 128], dtype=np.uint8), np.array([2, 100, 0, 127], dtype=np.uint8))
# run: pick(np.array([-1, 100, -128], dtype=np.int8), np.array([2, -100, 127], dtype=np.int8))
# run: pick(np.array([60000, 5], dtype=np.uint16), np.array([5, 60000], dtype=np.uint16))
# run: pick(np.array([4000000000, 1], dtype=np.uint32), np.array([1, 4000000000], dtype=np.uint32))
# run: pick(np.array([2**63 + 1, 1], dtype=np.uint64), np.array([1, 2**63], dtype=np.uint64))
# run: clamp(np.array([1, 200, 255, 128], dtype=np.uint8), 10, 150)
# run: clamp(np.array([-100, 0, 100], dtype=np.int8), -50, 50)
# run: clamp(np.array([-1.5, 0.1, 70000.0], dtype=np.float64).astype(np.float16), 0, 1000)
# run: signs(np.array([0, 1, 255], dtype=np.uint8))
# run: signs(np.array([0, -1, 127, -128], dtype=np.int8))
# run: signs(np.array([0.0, -2.5, 300.0], dtype=np.float16))
