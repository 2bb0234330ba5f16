"""`import numpy as np` inside the functions that use it (the module itself does not
import numpy): the local name is numpy, bound when compiling."""


def normalize(x):
    import numpy as np
    return (x - x.mean()) / (x.std() + 1e-9)


def table(n: int):
    import numpy
    a = numpy.arange(1, n + 1)
    return numpy.outer(a, a) + numpy.zeros((n, n), dtype=numpy.int64)


def clipped(x, lo: float, hi: float):
    import numpy as xp
    return xp.clip(x, lo, hi).sum()


# run: normalize(np.array([1.0, 2.0, 4.0]))
# run: table(3)
# run: clipped(np.array([-2.0, 0.5, 3.0], dtype=np.float32), -1.0, 1.0)
