"""Demo: a torch-style model (pts.nn) scripted whole with `pts.script(model)`.

`main()` builds MyConv — the TorchScript tutorial's model, ported by changing its imports —
scripts it, and times a batch of 128 images: eagerly (numpy), the first scripted call
(compilation included) and the steady state.  It uses the native backend when that runs
tensor code, else the IR interpreter (`python -m pts.demo_models interp|native` chooses),
and says which ran.
"""
from __future__ import annotations

import time

import numpy as np

import pts
import pts.nn as nn
from pts import Tensor


class MyConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.convnet = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.Conv2d(16, 32, 3, padding=1), nn.BatchNorm2d(32), nn.ReLU(),
            nn.Conv2d(32, 64, 3, padding=1), nn.BatchNorm2d(64), nn.ReLU())
        self.linearnet = nn.Sequential(
            nn.Linear(64 * 28 * 28, 1024), nn.ReLU(), nn.Linear(1024, 10), nn.LogSoftmax(dim=1))

    def forward(self, x: Tensor) -> Tensor:
        batch = x.shape[0]
        x = self.convnet(x)
        x = x.reshape(batch, -1)
        return self.linearnet(x)


def _best(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def native_tensors_work() -> bool:
    """Does the native backend run tensor code (`pts.script(f)(np.ones(3))`)?"""
    def double(x: Tensor) -> Tensor:
        return x * 2.0
    try:
        return bool((pts.script(double, backend="native")(np.ones(3)) == 2.0).all())
    except Exception:
        return False


def main(batch: int = 128, repeat: int = 3, backend: str | None = None) -> int:
    """backend: "native", "interp", or None: native when it runs tensor code."""
    if backend is None:
        backend = "native" if native_tensors_work() else "interp"
    pts.manual_seed(0)
    model = MyConv().eval()
    x = np.random.default_rng(0).standard_normal((batch, 3, 28, 28)).astype(np.float32)
    n_params = sum(p.size for p in model.parameters())
    print(f"MyConv: {n_params / 1e6:.1f}M parameters, input {x.shape} float32")

    eager = _best(lambda: model(x), repeat)
    want = model(x)

    m = pts.script(model, backend=backend)
    t0 = time.perf_counter()
    got = m(x)
    first = time.perf_counter() - t0
    steady = _best(lambda: m(x), repeat)
    err = float(np.abs(got - want).max())

    print(f"backend: {m.backend} ({'IR interpreter' if m.backend == 'interp' else 'native code'})")
    print(f"  eager (numpy)         {eager * 1e3:9.1f} ms")
    print(f"  scripted, first call  {first * 1e3:9.1f} ms   (compiles forward)")
    print(f"  scripted, steady      {steady * 1e3:9.1f} ms   ({steady / eager:.2f}x eager)")
    print(f"  max |scripted - eager| = {err:.2e}")
    model.convnet[0].weight *= 0.5            # weights are read at call time
    changed = float(np.abs(m(x) - model(x)).max())
    print(f"  after scaling convnet.0.weight in place: max diff {changed:.2e}, "
          f"{len(m.forward._cache)} compiled signature(s)")
    return 0 if err < 1e-3 and changed < 1e-3 else 1


if __name__ == "__main__":  # pragma: no cover
    import sys
    raise SystemExit(main(backend=sys.argv[1] if len(sys.argv) > 1 else None))
