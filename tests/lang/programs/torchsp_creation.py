"""pts.zeros / ones / full / zeros_like / ones_like / arange as torch makes them: float32
by default, int64 for an int arange, a dtype= taken as numpy's."""
import numpy as np

import pts


def made(n: int, m: int) -> tuple:
    z = pts.zeros(n, m)
    o = pts.ones(n, m, dtype=np.float64)
    f = pts.full((n, m), 2.5)
    zl = pts.zeros_like(o)
    ol = pts.ones_like(z, dtype=np.int64)
    return (z.dtype == np.float32, o.dtype == np.float64, f.dtype == np.float32,
            zl.dtype == np.float64, ol.dtype == np.int64,
            float(o.sum() + f.sum() + zl.sum()) + float(ol.sum()), z.shape)


def ranges(n: int) -> tuple:
    a = pts.arange(n)
    b = pts.arange(1, n + 1)
    c = pts.arange(0, n, 2)
    d = pts.arange(0.0, float(n), 0.5)
    e = pts.arange(n, dtype=np.float64)
    return (int(a.sum()), int(b.sum()), int(c.sum()), a.dtype == np.int64,
            d.dtype == np.float32, float(d.sum()), e.dtype == np.float64, len(c))


# run: made(2, 3)
# run: made(1, 1)
# run: made(3, 0)
# run: ranges(5)
# run: ranges(1)
# run: ranges(0)
# run: ranges(9)
