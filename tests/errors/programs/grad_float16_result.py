# Refused: a gradient of a function whose result is float16 (pts computes no gradients in
# float16), at the line of the return.
# call: pts.grad(f)(np.ones(3, dtype=np.float16))
# error: 11: its result must be a float (a float, np.float32 or np.float64 scalar), not float16
import numpy as np
import pts


def f(x):
    y = x * x
    return y.sum()
