# Refused: a gradient that would flow through a float16 value (pts computes no gradients in
# float16; a wrong zero gradient is never given), at the line that makes it.
# call: pts.grad(f)(np.ones(3, dtype=np.float32))
# error: 10: cannot differentiate through float16
import numpy as np
import pts


def f(x):
    h = (x * 2).astype(np.float16)
    return (h.astype(np.float32) * x).sum()
