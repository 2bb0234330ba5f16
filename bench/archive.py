"""Archives from C: load time of a model with 10 MB of weights, per-call overhead of a scalar
entry (issue targets: <= 10 ms, checks included; <= 1 us).

    python bench/archive.py            (builds build/pts-run with `make runtime` if needed)

Both are measured by `pts-run --bench N` (runtime/c/pts-run.c): it loads the archive 10
times with pts_load_file — zip directory, CRC-32 of every entry (the weights included),
manifest, image mapping with fixups and W^X, the weights' .npy headers, used in place —
then calls the entry N times through pts_call (boxing, the call, unboxing, the result
freed).  The Python figures next to them are pts.load and a call of what it returned.
One run on whatever machine this is, which may be busy: read the ratios, not the digits.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import pts

ROOT = Path(__file__).resolve().parent.parent


def pts_run() -> Path:
    exe = ROOT / "build" / "pts-run"
    r = subprocess.run(["make", "-s", "-f", "runtime/c/runtime.mk", "BUILD=build", "runtime"],
                       cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"building the C runtime failed:\n{r.stderr}")
    return exe


def c_bench(exe: Path, archive: Path, args: list[str], calls: int) -> dict:
    r = subprocess.run([str(exe), str(archive), *args, "--bench", str(calls)],
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise SystemExit(f"pts-run --bench failed: {r.stderr}")
    return {k: float(v) for k, v in (line.split() for line in r.stdout.splitlines())}


def add(a: int, b: int) -> int:
    return a + b


class Weights:
    """10 MB of float32 weights (2560 x 1024) and a forward that reads one row."""

    def __init__(self):
        self.w = np.random.default_rng(0).standard_normal((2560, 1024)).astype(np.float32)

    def forward(self, x: np.ndarray) -> np.ndarray:
        return x * 2.0 + self.w[7]


def best(fn, repeat: int) -> float:
    out = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out = min(out, time.perf_counter() - t0)
    return out


def main(argv=None) -> int:
    exe = pts_run()
    with tempfile.TemporaryDirectory(prefix="pts-bench-archive-") as d:
        d = Path(d)
        scalar = d / "add.pts"
        pts.save(pts.script(add), scalar, example_inputs=[(1, 2)])
        model = d / "weights.pts"
        pts.save(pts.script(Weights(), backend="native"), model,
                 example_inputs=[(np.ones(1024, np.float32),)])
        np.save(d / "x.npy", np.ones(1024, np.float32))
        size = os.path.getsize(model)

        c_add = c_bench(exe, scalar, ["1", "2"], 1_000_000)
        c_model = c_bench(exe, model, [str(d / "x.npy")], 1000)

        f = pts.load(scalar)
        py_add_load = best(lambda: pts.load(scalar), 5)
        n = 100_000
        t0 = time.perf_counter()
        for _ in range(n):
            f(1, 2)
        py_add_call = (time.perf_counter() - t0) / n
        py_model_load = best(lambda: pts.load(model), 3)
        m = pts.load(model)
        x = np.ones(1024, np.float32)
        py_model_call = best(lambda: m(x), 200)

    print(f"archive load and call: C (libpts, pts-run --bench) vs Python (pts.load)")
    print(f"{'':34}{'C':>12}{'Python':>12}{'target':>10}")
    print(f"{'load, 10 MB weights (%.1f MB file)' % (size / 1e6):34}"
          f"{c_model['load_ms_best']:>9.2f} ms{py_model_load * 1e3:>9.2f} ms{'10 ms':>10}")
    print(f"{'  (median of 10 C loads)':34}{c_model['load_ms_median']:>9.2f} ms")
    print(f"{'load, scalar add(i64, i64)':34}{c_add['load_ms_best']:>9.3f} ms"
          f"{py_add_load * 1e3:>9.2f} ms")
    print(f"{'call add(1, 2)':34}{c_add['call_us']:>9.3f} us{py_add_call * 1e6:>9.3f} us"
          f"{'1 us':>10}")
    print(f"{'call forward(x), 1024 floats':34}{c_model['call_us']:>9.3f} us"
          f"{py_model_call * 1e6:>9.3f} us")
    ok = c_model["load_ms_best"] <= 10 and c_add["call_us"] <= 1
    print("targets met" if ok else "target missed (on this machine, now)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
