# Source: Numba documentation, examples, "Moving average" (move_mean)
#   https://numba.readthedocs.io/en/stable/user/examples.html
#   (numba/numba numba/tests/doc_examples/test_examples.py, ex_moving_average)
# Licence: BSD-2-Clause (Numba)
# Changes: the @guvectorize decorator is dropped: the kernel is called on one row, with
#   the window as a one-element array, as the gufunc machinery calls it.
import numpy as np


def move_mean(a, window_arr, out):
    window_width = window_arr[0]
    asum = 0.0
    count = 0
    for i in range(window_width):
        asum += a[i]
        count += 1
        out[i] = asum / count
    for i in range(window_width, len(a)):
        asum += a[i] - a[i - window_width]
        out[i] = asum / count


# run: move_mean(np.arange(10, dtype=np.float64), np.array([3]), np.zeros(10))
# run: move_mean(np.arange(10.0, 20.0), np.array([1]), np.zeros(10))
