"""pts.relu / pts.matmul / pts.abs / pts.sqrt on exact values (the transcendental ones, with
tolerances, are tests/lang/tensor_programs/torchsp_*.py)."""
import numpy as np

import pts


def exact(n: int) -> tuple:
    x = np.arange(n * n, dtype=np.float64).reshape(n, n) - float(n)
    r = pts.relu(x)
    m = pts.matmul(x, pts.transpose(x, 0, 1))
    s = pts.sqrt(pts.abs(x) * pts.abs(x))
    return float(r.sum()), float(m.sum()), float((s - np.abs(x)).sum()), m.shape


def batched_matmul(b: int, n: int) -> float:
    a = np.arange(b * n * n, dtype=np.float64).reshape(b, n, n) % 3.0
    return float(pts.matmul(a, a).sum() + pts.einsum("bij,bjk->bik", a, a).sum())


# run: exact(3)
# run: exact(1)
# run: exact(5)
# run: batched_matmul(2, 3)
# run: batched_matmul(1, 1)
