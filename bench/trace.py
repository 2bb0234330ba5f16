"""pts.trace (issue 29 [I]): the seed's MyConv written in plain numpy classes (no pts.nn),
traced at batch 1 and run at batch 128, against pts.script(MyConv()) (pts.nn, the same
weights, eval mode) and the numpy classes run eagerly.

The numpy MyConv is what a numpy user writes: a Conv2d that pads with concatenated zero
blocks and multiplies the weight by an im2col matrix made of the nine shifted slices, a
BatchNorm2d with running statistics (inference), ReLU, Linear, LogSoftmax with a
log-sum-exp.  Its sizes come from the input (`x.shape`), so the batch-1 trace runs at
batch 128 with no re-trace (the bench checks: one trace).  Results must agree (float32
tolerance); each cell is the median of calls alternated between the implementations
(bench/scalar.py's measure_alternating: the machine is shared).  Printed, never asserted.

    python bench/trace.py [--quick] [--threads N]      (N: pts.set_num_threads; default all)
"""
from __future__ import annotations

import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pts  # noqa: E402
from pts.demo_models import MyConv  # noqa: E402
from scalar import measure_alternating  # noqa: E402


class Conv2d:
    """3x3, stride 1, padding 1, as numpy code: pad, im2col by slices, one matmul."""

    def __init__(self, weight: np.ndarray, bias: np.ndarray):
        out_c, in_c, kh, kw = weight.shape
        self.k = kh
        # (O, kh*kw*C) in the im2col row order (i, j, c)
        self.w = np.ascontiguousarray(weight.transpose(0, 2, 3, 1).reshape(out_c, -1))
        self.b = bias.reshape(-1, 1, 1)

    def __call__(self, x):
        n, c, h, w = x.shape
        p = self.k // 2
        side = np.zeros((n, c, h, p), dtype=x.dtype)
        x = np.concatenate([side, x, side], axis=3)
        top = np.zeros((n, c, p, w + 2 * p), dtype=x.dtype)
        x = np.concatenate([top, x, top], axis=2)
        cols = np.concatenate([x[:, :, i:i + h, j:j + w]
                               for i in range(self.k) for j in range(self.k)], axis=1)
        out = self.w @ cols.reshape(n, self.k * self.k * c, h * w)
        return out.reshape(n, -1, h, w) + self.b


class BatchNorm2d:
    def __init__(self, mean, var, gamma, beta, eps):
        scale = gamma / np.sqrt(var + eps)
        self.scale = scale.reshape(-1, 1, 1)
        self.shift = (beta - mean * scale).reshape(-1, 1, 1)

    def __call__(self, x):
        return x * self.scale + self.shift


class Linear:
    def __init__(self, weight, bias):
        self.wt = np.ascontiguousarray(weight.T)
        self.b = bias

    def __call__(self, x):
        return x @ self.wt + self.b


def relu(x):
    return np.maximum(x, 0)


def log_softmax(x):
    m = x.max(axis=1, keepdims=True)
    z = x - m
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


class NumpyMyConv:
    """MyConv's layers from a pts.nn MyConv's weights, as plain numpy classes."""

    def __init__(self, model):
        conv, lin = model.convnet, model.linearnet
        self.layers = []
        for k in (0, 3, 6):
            c, bn = conv[k], conv[k + 1]
            self.layers += [Conv2d(c.weight, c.bias),
                            BatchNorm2d(bn.running_mean, bn.running_var, bn.weight, bn.bias,
                                        bn.eps), relu]
        self.head = [Linear(lin[0].weight, lin[0].bias), relu,
                     Linear(lin[2].weight, lin[2].bias), log_softmax]

    def __call__(self, x):
        batch = x.shape[0]
        for layer in self.layers:
            x = layer(x)
        x = x.reshape(batch, -1)
        for layer in self.head:
            x = layer(x)
        return x


def main(quick: bool = False, threads: int | None = None) -> None:
    if threads is not None:
        pts.set_num_threads(threads)
    print(f"threads: {pts.get_num_threads()}; load average: "
          + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    pts.manual_seed(0)
    model = MyConv()
    model.eval()
    # running statistics that are not the identity, so BatchNorm does something
    rng = np.random.default_rng(0)
    for k in (1, 4, 7):
        bn = model.convnet[k]
        bn.running_mean[...] = rng.standard_normal(bn.running_mean.shape).astype(np.float32) * 0.1
        bn.running_var[...] = rng.uniform(0.5, 1.5, bn.running_var.shape).astype(np.float32)
    plain = NumpyMyConv(model)
    scripted = pts.script(model)
    t0 = time.perf_counter()
    print("bench/trace.py: tracing the numpy MyConv at batch 1 and compiling it (once)",
          file=sys.stderr)
    traced = pts.trace(plain, (np.ones((1, 3, 28, 28), np.float32),))
    trace_s = time.perf_counter() - t0
    print(f"trace + compile at batch 1: {trace_s:.2f} s")
    for batch in ((1, 16) if quick else (1, 16, 128)):
        x = rng.standard_normal((batch, 3, 28, 28)).astype(np.float32)
        want = scripted(x)
        assert np.allclose(traced(x), want, rtol=1e-3, atol=1e-3), "traced != scripted"
        if batch <= 16:
            assert np.allclose(plain(x), want, rtol=1e-3, atol=1e-3), "numpy != scripted"
        budget = 1.0 if quick else 3.0
        fs = {"pts.script(MyConv())": scripted, "pts.trace(numpy MyConv)": traced}
        if batch <= 16:                          # (numpy takes ~20 s a call at batch 128)
            fs["numpy eager"] = plain
        r = measure_alternating(fs, (x,), budget, 3, 50)
        cells = {k: (v[0] if isinstance(v, tuple) else v) for k, v in r.items()}
        base = cells["pts.script(MyConv())"]
        print(f"batch {batch:4d}: " + ", ".join(
            f"{k} {v * 1e3:8.2f} ms ({v / base:4.2f}x script)" if isinstance(v, float)
            else f"{k} {v!r}" for k, v in cells.items()))
    print(f"traces made: {len(traced.traces)} (batch 1, then 16 and 128 on the same trace)")


if __name__ == "__main__":
    argv = sys.argv[1:]
    main(quick="--quick" in argv,
         threads=int(argv[argv.index("--threads") + 1]) if "--threads" in argv else None)
