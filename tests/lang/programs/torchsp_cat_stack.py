"""pts.cat and pts.stack (torch.cat / torch.stack) of lists and tuples along each axis."""
import numpy as np

import pts


def cat_rows(n: int, m: int) -> float:
    a = np.arange(n * m, dtype=np.float64).reshape(n, m)
    b = pts.cat([a, a * 2.0, a + 1.0], dim=0)
    c = pts.cat((a, a), 1)
    d = pts.cat([a, a], dim=-1)
    return float(b.sum() + c[:, m:].sum() * 10.0 + d.shape[1] * 100 + b.shape[0] * 1000)


def stack_axes(n: int) -> int:
    a = np.arange(n, dtype=np.int64)
    s0 = pts.stack([a, a * 2, a * 3])
    s1 = pts.stack((a, a + 1), dim=1)
    s2 = pts.stack([s0, s0], -1)
    return int(s0[2].sum() + s1[:, 1].sum() * 100 + s2.shape[2] * 10000 + s2.ndim * 100000)


# run: cat_rows(2, 3)
# run: cat_rows(1, 1)
# run: cat_rows(4, 2)
# run: stack_axes(3)
# run: stack_axes(1)
# run: stack_axes(6)
