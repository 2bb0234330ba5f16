"""pts.split / pts.chunk (torch.split / torch.chunk): lists of views along an axis, the
last piece smaller; nanoGPT's `q, k, v = x.split(n_embd, dim=2)` unpacked."""
import numpy as np

import pts


def qkv(b: int, t: int, c: int) -> tuple:
    x = np.arange(b * t * 3 * c, dtype=np.float64).reshape(b, t, 3 * c)
    q, k, v = pts.split(x, c, dim=2)
    return q.shape, float(q.sum()), float(k.sum()), float(v.sum()), float(v[0, 0, 0])


def pieces(n: int, size: int) -> tuple:
    x = np.arange(n, dtype=np.int64)
    parts = pts.split(x, size)
    sizes = [p.shape[0] for p in parts]
    return len(parts), sizes, int(parts[-1].sum())


def chunks(n: int, k: int) -> tuple:
    x = np.arange(n * 2, dtype=np.int64).reshape(2, n)
    parts = pts.chunk(x, k, 1)
    return len(parts), [p.shape[1] for p in parts], int(parts[0].sum())


# run: qkv(2, 3, 4)
# run: qkv(1, 1, 1)
# run: pieces(10, 3)
# run: pieces(9, 3)
# run: pieces(2, 5)
# run: pieces(7, 0)
# run: chunks(6, 3)
# run: chunks(7, 3)
# run: chunks(5, 2)
# run: chunks(1, 4)
