"""astype between every pair of dtypes, as numpy casts: int narrowing wraps, int to float16
rounds (overflowing to inf), float to int truncates toward zero (in-range values; out of
range is undefined in C and not tested), bool from any dtype is != 0."""
import numpy as np


def narrow(x: np.ndarray):
    return x.astype(np.int8), x.astype(np.uint8), x.astype(np.int16), x.astype(np.uint16), \
        x.astype(np.uint32), x.astype(np.uint64)


def to_floats(x: np.ndarray):
    return x.astype(np.float16), x.astype(np.float32), x.astype(np.float64), x.astype(np.bool_)


def from_float(x: np.ndarray):
    return x.astype(np.int8), x.astype(np.uint8), x.astype(np.int16), x.astype(np.uint16), \
        x.astype(np.uint32), x.astype(np.float16)


def round_trip(x: np.ndarray):
    return x.astype(np.float16).astype(np.int16).astype(np.uint8).astype(np.float32)


# run: narrow(np.array([0, 1, -1, 127, 128, 255, 256, -129, 70000, -70000]))
# run: narrow(np.array([0, 200, 255], dtype=np.uint8))
# run: narrow(np.array([-5, 100, -128], dtype=np.int8))
# run: to_floats(np.array([0, 1, -1, 2049, 65519, 65520, 100000]))
# run: to_floats(np.array([0, 200, 255], dtype=np.uint8))
# run: to_floats(np.array([0, 4000000000], dtype=np.uint32))
# run: to_floats(np.array([0, 2**64 - 1], dtype=np.uint64))
# run: from_float(np.array([0.0, 1.9, -1.9, 100.5, 127.99, -128.5]))
# run: from_float(np.array([0.0, 1.9, 100.5, 255.5], dtype=np.float32))
# run: from_float(np.array([0.0, 1.9, -7.75, 100.5], dtype=np.float16))
# run: round_trip(np.array([0.2, 1.5, 200.7, 255.0]))
