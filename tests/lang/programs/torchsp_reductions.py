"""pts.sum / mean / max / min / argmax / argmin with torch's dim and keepdim: torch.max(x,
dim) gives (values, indices)."""
import numpy as np

import pts


def reduce_all(n: int, m: int) -> tuple:
    x = (np.arange(n * m, dtype=np.float64).reshape(n, m) * 7.0) % 5.0
    s = pts.sum(x, 1)
    k = pts.sum(x, dim=0, keepdim=True)
    v, i = pts.max(x, 1)
    w, j = pts.min(x, dim=0)
    return (float(pts.sum(x)), float(s.sum()), k.shape, float(v.sum()), int(i.sum()),
            float(w.sum()), int(j.sum()), float(pts.max(x)), float(pts.min(x)),
            int(pts.argmax(x)), int(pts.argmax(x, dim=1).sum()), int(pts.argmin(x, 0).sum()),
            float(pts.mean(x, 1).sum()), float(pts.mean(x)) * 4.0)


def keepdims(n: int) -> tuple:
    x = np.arange(n * 6, dtype=np.float64).reshape(n, 2, 3)
    v, i = pts.max(x, -1, keepdim=True)
    return v.shape, i.shape, int(i.sum()), pts.mean(x, dim=1, keepdim=True).shape


# run: reduce_all(3, 4)
# run: reduce_all(1, 1)
# run: reduce_all(5, 2)
# run: keepdims(1)
# run: keepdims(4)
