"""Matmul and conv benchmark: pts's native gemm (backend/gemm.py) against numpy (OpenBLAS).

    python bench/gemm.py              # 512 and 1024 matmul, f32 and f64; MyConv batch 128
    python bench/gemm.py --quick      # 256 matmul and MyConv batch 8 (a smoke run)
    python bench/gemm.py --no-conv

One thread on both sides.  OpenBLAS reads its environment when numpy is imported, so this
script drops OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE (which slow it down) and sets
OPENBLAS_NUM_THREADS=1 before importing numpy, and prints the kernel threadpoolctl reports.
Native code is compiled fully optimized up front (PTS_TIER=opt), so the first call is not
timed against tier-0 code.  Times are CPU time of this process (time.process_time: both
sides run one thread, and CPU time is less disturbed than wall time by other processes on
a shared machine); prints medians of several runs and ratios from one run.
"""
from __future__ import annotations

import os
import sys

for _v in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
    os.environ.pop(_v, None)
os.environ["OPENBLAS_NUM_THREADS"] = "1"
os.environ.setdefault("PTS_TIER", "opt")

import argparse  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

import pts  # noqa: E402


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a @ b


def median_time(fn, repeat: int) -> float:
    ts = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        ts.append(time.process_time() - t0)
    return statistics.median(ts)


def blas_info() -> str:
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        return "threadpoolctl not installed"
    return "; ".join(f"{d.get('internal_api')} {d.get('version')} {d.get('architecture')} "
                     f"threads={d.get('num_threads')}" for d in threadpool_info())


def bench_matmul(sizes, repeat: int) -> list[tuple]:
    f = pts.script(matmul)
    rng = np.random.default_rng(0)
    rows = []
    for n in sizes:
        for dt in (np.float32, np.float64):
            a = rng.standard_normal((n, n)).astype(dt)
            b = rng.standard_normal((n, n)).astype(dt)
            got = f(a, b)                                   # compiles
            err = float(np.abs(got - a @ b).max() / np.abs(a @ b).max())
            t_np = median_time(lambda: a @ b, repeat)
            t_pts = median_time(lambda: f(a, b), repeat)
            gf = 2 * n ** 3 / 1e9
            rows.append((f"matmul {n}x{n} {np.dtype(dt).name}", t_np, t_pts, gf / t_np, gf / t_pts, err))
    return rows


def bench_linear(repeat: int) -> list[tuple]:
    """MyConv's big layer: x (128, 50176) @ W.T, W (1024, 50176) float32 (B is a transpose)."""
    f = pts.script(matmul)
    rng = np.random.default_rng(1)
    x = rng.standard_normal((128, 50176)).astype(np.float32)
    w = rng.standard_normal((1024, 50176)).astype(np.float32)
    want = x @ w.T
    err = float(np.abs(f(x, w.T) - want).max() / np.abs(want).max())
    t_np = median_time(lambda: x @ w.T, repeat)
    t_pts = median_time(lambda: f(x, w.T), repeat)
    gf = 2 * 128 * 50176 * 1024 / 1e9
    return [("x @ W.T 128x50176x1024 float32", t_np, t_pts, gf / t_np, gf / t_pts, err)]


def bench_conv(batch: int, repeat: int) -> list[tuple]:
    from pts.demo_models import MyConv
    pts.manual_seed(0)
    model = MyConv().eval()
    x = np.random.default_rng(0).standard_normal((batch, 3, 28, 28)).astype(np.float32)
    m = pts.script(model, backend="native")
    want = model(x)
    got = m(x)                                              # compiles
    err = float(np.abs(got - want).max())
    t_np = median_time(lambda: model(x), repeat)
    t_pts = median_time(lambda: m(x), repeat)
    return [(f"MyConv forward, batch {batch}", t_np, t_pts, None, None, err)]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--no-conv", action="store_true")
    p.add_argument("--repeat", type=int, default=0)
    p.add_argument("--conv-repeat", type=int, default=3)
    args = p.parse_args(argv)
    repeat = args.repeat or (3 if args.quick else 7)
    pts.set_num_threads(1)              # one thread on both sides (OpenBLAS: above)
    print(f"numpy BLAS: {blas_info()}")
    rows = bench_matmul([256] if args.quick else [512, 1024], repeat)
    if not args.quick:
        rows += bench_linear(max(3, repeat // 2))
    if not args.no_conv:
        rows += bench_conv(8 if args.quick else 128, args.conv_repeat)
    print(f"\n{'case':32} {'numpy ms':>10} {'pts ms':>10} {'pts/numpy':>10} "
          f"{'numpy GF/s':>11} {'pts GF/s':>9} {'err':>9}")
    for name, t_np, t_pts, g_np, g_pts, err in rows:
        gfs = f"{g_np:11.1f} {g_pts:9.1f}" if g_np else f"{'':11} {'':9}"
        print(f"{name:32} {t_np * 1e3:10.2f} {t_pts * 1e3:10.2f} {t_pts / t_np:10.2f} {gfs} {err:9.1e}")
    print("\nerr: matmul, max |pts - numpy| / max |numpy|; model, max |pts - numpy|")
    print(f"(CPU-time medians of {repeat} runs, {args.conv_repeat if not args.no_conv else 0} for the "
          f"model; on a shared machine times are noisy)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
