"""// and % on small ints with Python's floor semantics (numpy's): signed and unsigned,
a zero divisor gives 0 (numpy warns), int8's -128 // -1 wraps; true division of ints is
float64, of float16 stays float16."""
import numpy as np


def divmod_arrays(a: np.ndarray, b: np.ndarray):
    return a // b, a % b, a / b


def by_scalar(a: np.ndarray, k: int):
    return a // k, a % k


# run: divmod_arrays(np.array([7, -7, 7, -7, -128, 5], dtype=np.int8), np.array([2, 2, -2, -2, -1, 0], dtype=np.int8))
# run: divmod_arrays(np.array([7, 200, 255, 9], dtype=np.uint8), np.array([2, 7, 0, 10], dtype=np.uint8))
# run: divmod_arrays(np.array([30000, -30000, 9], dtype=np.int16), np.array([7, 7, -4], dtype=np.int16))
# run: divmod_arrays(np.array([4000000000, 5], dtype=np.uint32), np.array([3, 0], dtype=np.uint32))
# run: divmod_arrays(np.array([2**64 - 1, 10], dtype=np.uint64), np.array([2**63, 3], dtype=np.uint64))
# run: divmod_arrays(np.array([7.5, -7.5, 1.0], dtype=np.float16), np.array([2.0, 2.0, 3.0], dtype=np.float16))
# run: by_scalar(np.array([7, 200, 255], dtype=np.uint8), 7)
# run: by_scalar(np.array([-7, 100, -128], dtype=np.int8), -3)
