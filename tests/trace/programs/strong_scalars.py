"""np.float64 / np.float32 / np.int64 scalars are strong (NEP 50): an np.float64 makes a
float32 array's result float64; a numpy function of a size (np.sqrt(d)) is recorded."""
import numpy as np

rng = np.random.default_rng(22)


def f(x32, q):
    d = q.shape[-1]
    return x32 / np.float64(3.0), x32 * np.float32(0.5), x32 + np.int64(2), x32 / np.sqrt(d)


TRACE = f
INPUTS = [(rng.standard_normal((2, 3)).astype(np.float32), np.ones((1, 8), np.float32)),
          (rng.standard_normal((5, 3)).astype(np.float32), np.ones((1, 3), np.float32))]
