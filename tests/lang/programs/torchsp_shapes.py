"""pts.flatten / reshape / transpose / permute / unsqueeze / squeeze (torch's spellings of
.view, .transpose(1, 2), .permute, .unsqueeze, .squeeze)."""
import numpy as np

import pts


def flattened(b: int, c: int, h: int) -> tuple:
    x = np.arange(b * c * h * 2, dtype=np.float64).reshape(b, c, h, 2)
    f0 = pts.flatten(x)
    f1 = pts.flatten(x, 1)
    f2 = pts.flatten(x, start_dim=2)
    f3 = pts.flatten(x, 1, -1)
    return f0.shape, f1.shape, f2.shape, f3.shape, float(f1[b - 1, c * h * 2 - 1])


def moved(b: int, t: int, c: int) -> tuple:
    x = np.arange(b * t * c, dtype=np.int64).reshape(b, t, c)
    y = pts.transpose(x, 1, 2)
    z = pts.permute(x, (2, 0, 1))
    u = pts.unsqueeze(x, 1)
    s = pts.squeeze(u, 1)
    r = pts.reshape(x, (b * t, c))
    return y.shape, z.shape, u.shape, s.shape, r.shape, int(y[0, c - 1, t - 1]), \
        int(z[c - 1, b - 1, 0]), int((s - x).sum()), pts.squeeze(pts.unsqueeze(x, 0), 0).ndim


# run: flattened(2, 3, 4)
# run: flattened(1, 1, 1)
# run: flattened(3, 2, 5)
# run: moved(2, 3, 4)
# run: moved(1, 1, 1)
# run: moved(3, 5, 2)
