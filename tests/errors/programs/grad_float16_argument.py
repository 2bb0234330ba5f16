# Refused: a gradient with respect to a float16 array argument (pts computes no gradients
# in float16), at its first use.
# call: pts.grad(f, argnums=1)(np.ones(3, dtype=np.float32), np.ones(3, dtype=np.float16))
# error: 10: an argument of type Tensor[float16, 1-d] carries no gradient
import numpy as np
import pts


def f(x, w):
    return (x * w).sum()
