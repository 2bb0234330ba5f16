# Source: Numba documentation, "A ~5 minute guide to Numba" (go_fast)
#   https://numba.readthedocs.io/en/stable/user/5minguide.html
# Licence: BSD-2-Clause (Numba)
# Changes: the @jit(nopython=True) decorator is dropped (pts.script plays its part).
import numpy as np


def go_fast(a): # Function is compiled to machine code when called the first time
    trace = 0.0
    for i in range(a.shape[0]):   # Numba likes loops
        trace += np.tanh(a[i, i]) # Numba likes NumPy functions
    return a + trace              # Numba likes NumPy broadcasting


# run: go_fast(np.arange(100).reshape(10, 10))
# run: go_fast(np.arange(100.0).reshape(10, 10) / 50.0)
