"""conv2d's backward (stdlib/nn_grad.py: conv2d_vjp) against its forward: MyConv's three
convolutions at batch 128, float32, natively on one thread.

    python bench/conv_grad.py               # batch 128, 5 runs each
    python bench/conv_grad.py --quick       # batch 8, 3 runs (a smoke run)
    python bench/conv_grad.py --no-numpy    # without the numpy baseline

For each convolution: the forward (stdlib/nn.py's conv2d, scripted), the backward
(conv2d_vjp, scripted: the adjoints of x, weight and bias), their ratio (the backward is
two products of the forward's size: ~2x its flops), the backward's GFLOP/s, and the same
backward run eagerly (numpy with OpenBLAS on one thread: the same algorithm, numpy's
loops).  Native code is compiled fully optimized before timing (PTS_TIER=opt).  Times are
medians of CPU time of this process (time.process_time: one thread, less disturbed than
wall time by other processes on a shared machine), ratios from one run.
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
from pts.stdlib import nn, nn_grad  # noqa: E402

# MyConv's convolutions (pts/demo_models.py): (C_in, C_out), 3 x 3, padding 1, 28 x 28
CONVS = [(3, 16), (16, 32), (32, 64)]


CLOCK = time.process_time


def median_time(fn, repeat: int) -> float:
    ts = []
    for _ in range(repeat):
        t0 = CLOCK()
        fn()
        ts.append(CLOCK() - t0)
    return statistics.median(ts)


def rows(batch: int, repeat: int, numpy_too: bool, vjp=nn_grad.conv2d_vjp) -> list[tuple]:
    """(name, forward s, backward s, numpy backward s or None, GFLOP of the backward,
    max relative difference of the native adjoints from numpy's) per convolution."""
    fwd = pts.script(nn.conv2d)
    bwd = pts.script(vjp)
    rng = np.random.default_rng(0)
    out = []
    for c_in, c_out in CONVS:
        x = rng.standard_normal((batch, c_in, 28, 28)).astype(np.float32)
        w = (rng.standard_normal((c_out, c_in, 3, 3)) / np.sqrt(9 * c_in)).astype(np.float32)
        b = rng.standard_normal(c_out).astype(np.float32)
        g = rng.standard_normal((batch, c_out, 28, 28)).astype(np.float32)
        fwd(x, w, b, 1, 1, 1)                                  # compiles
        got = bwd(x, w, b, 1, 1, 1, g)
        want = vjp(x, w, b, 1, 1, 1, g)
        err = max(float(np.abs(a - e).max() / np.abs(e).max()) for a, e in zip(got, want))
        t_f = median_time(lambda: fwd(x, w, b, 1, 1, 1), repeat)
        t_b = median_time(lambda: bwd(x, w, b, 1, 1, 1, g), repeat)
        t_np = median_time(lambda: vjp(x, w, b, 1, 1, 1, g), max(1, repeat // 2)) \
            if numpy_too else None
        gflop = 2 * 2 * batch * 28 * 28 * c_out * c_in * 9 / 1e9
        out.append((f"conv {c_in:>2}->{c_out:<2} 3x3 pad 1", t_f, t_b, t_np, gflop, err))
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--no-numpy", action="store_true")
    p.add_argument("--repeat", type=int, default=0)
    p.add_argument("--threads", type=int, default=1,
                   help="pts's threads (numpy's stay 1; times are then wall time)")
    args = p.parse_args(argv)
    batch = 8 if args.quick else 128
    repeat = args.repeat or (3 if args.quick else 5)
    pts.set_num_threads(args.threads)
    if args.threads != 1:
        global CLOCK
        CLOCK = time.perf_counter
    table = rows(batch, repeat, not args.no_numpy)
    print(f"MyConv's convolutions, batch {batch}, float32, {args.threads} thread(s)")
    print(f"{'case':24} {'fwd ms':>8} {'bwd ms':>8} {'bwd/fwd':>8} {'bwd GF/s':>9} "
          f"{'numpy bwd ms':>13} {'err':>8}")
    tot_f = tot_b = 0.0
    for name, t_f, t_b, t_np, gflop, err in table:
        tot_f += t_f
        tot_b += t_b
        npx = f"{t_np * 1e3:13.1f}" if t_np is not None else f"{'':13}"
        print(f"{name:24} {t_f * 1e3:8.1f} {t_b * 1e3:8.1f} {t_b / t_f:8.2f} "
              f"{gflop / t_b:9.1f} {npx} {err:8.1e}")
    print(f"{'all three':24} {tot_f * 1e3:8.1f} {tot_b * 1e3:8.1f} {tot_b / tot_f:8.2f}")
    print("\nbwd: the adjoints of x, weight and bias (conv2d_vjp); err: max |native - numpy| / "
          "max |numpy| over the three")
    print(f"({'CPU' if CLOCK is time.process_time else 'wall'}-time medians of {repeat} runs; "
          "on a shared machine times are noisy)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
