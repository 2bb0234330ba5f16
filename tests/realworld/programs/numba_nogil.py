# Source: Numba documentation, examples, "Multi-threading" (func_np, inner_func_nb)
#   https://numba.readthedocs.io/en/stable/user/examples.html
#   (numba/numba numba/tests/doc_examples/test_examples.py, ex_no_gil)
# Licence: BSD-2-Clause (Numba)
# Changes: the @jit decorator is dropped; make_singlethread's func is kept as published
#   (its *args and closure), the threads and timing are not.
import math

import numpy as np


def func_np(a, b):
    """
    Control function using Numpy.
    """
    return np.exp(2.1 * a + 3.2 * b)


def inner_func_nb(result, a, b):
    """
    Function under test.
    """
    for i in range(len(result)):
        result[i] = math.exp(2.1 * a[i] + 3.2 * b[i])


def make_singlethread(inner_func):
    """
    Run the given function inside a single thread.
    """
    def func(*args):
        length = len(args[0])
        result = np.empty(length, dtype=np.float64)
        inner_func(result, *args)
        return result
    return func


def main(a, b):
    func_nb = make_singlethread(inner_func_nb)
    return func_nb(a, b)


# run: func_np(np.linspace(0.0, 1.0, 7), np.linspace(-1.0, 0.5, 7))
# run: inner_func_nb(np.zeros(7), np.linspace(0.0, 1.0, 7), np.linspace(-1.0, 0.5, 7))
# run: main(np.linspace(0.0, 1.0, 7), np.linspace(-1.0, 0.5, 7))
