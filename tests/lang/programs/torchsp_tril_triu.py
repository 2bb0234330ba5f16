"""pts.tril / pts.triu with diagonals, square and rectangular, as nanoGPT's causal mask
(`torch.tril(torch.ones(T, T))`) is built."""
import numpy as np

import pts


def causal(t: int) -> tuple:
    mask = pts.tril(pts.ones(t, t))
    return int(mask.sum()), float(mask[t - 1, 0]), float(mask[0, t - 1]) if t > 1 else -1.0


def bands(n: int, m: int, k: int) -> tuple:
    a = np.arange(n * m, dtype=np.int64).reshape(n, m) + 1
    lo = pts.tril(a, k)
    up = pts.triu(a, k)
    lo0 = pts.tril(a)
    up1 = pts.triu(a, diagonal=1)
    return int(lo.sum()), int(up.sum()), int(lo0.sum() + up1.sum()), int((lo0 + up1 - a).sum())


def batched(b: int, t: int) -> int:
    x = np.arange(b * t * t, dtype=np.float64).reshape(b, t, t)
    return int(pts.tril(x).sum() - pts.triu(x, 1).sum())


# run: causal(4)
# run: causal(1)
# run: causal(7)
# run: bands(3, 3, 0)
# run: bands(3, 5, 1)
# run: bands(4, 2, -1)
# run: bands(2, 6, 3)
# run: batched(2, 3)
# run: batched(1, 5)
